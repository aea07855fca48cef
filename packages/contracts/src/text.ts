import { z } from 'zod';

/**
 * Text as people type it, and the characters that only hide or disguise it (issue 9 defect 10).
 *
 * - Refused: C0 and C1 control characters (tab and line breaks only in multi-line text) and the explicit
 *   direction embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), with which
 *   `invoice\u202Efdp.exe` reads as 'invoiceexe.pdf'.
 * - Removed: invisible characters with no meaning in a name (zero-width space, word joiner, byte-order mark,
 *   soft hyphen, Mongolian vowel separator).
 * - Kept inside, trimmed at the ends: the zero-width joiner and non-joiner and the direction marks (LRM, RLM,
 *   ALM), which shape and order Arabic-script and Kurdish words.
 * - Normalised to NFC, so one name is stored one way and a unique code cannot repeat in disguise.
 */
const REMOVED = /[\u00AD\u180E\u200B\u2060\uFEFF]/g;
// alternation, not a character class: a class holding the zero-width joiner reads as one joined sequence
const EDGE = '(?:\\s|\\u200C|\\u200D|\\u200E|\\u200F|\\u061C)+';
const EDGES = new RegExp(`^${EDGE}|${EDGE}$`, 'g');
// eslint-disable-next-line no-control-regex
const CONTROL_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

export function normaliseText(value: string): string {
  return value.normalize('NFC').replace(REMOVED, '').replace(EDGES, '');
}

export function hasHiddenCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTILINE : CONTROL_LINE).test(value);
}

/**
 * The schema of every free text the API accepts: normalised, then refused with 'validation.invisibleCharacters'
 * if it hides control or direction characters, then limited to `max`. A required text that was only invisible
 * characters is empty after normalising, so `.min(1)` answers 'validation.required'.
 */
export function textSchema(max: number, options: { multiline?: boolean } = {}) {
  return z
    .string()
    .overwrite(normaliseText)
    .refine((v) => !hasHiddenCharacters(v, options.multiline), { message: 'validation.invisibleCharacters' })
    .max(max, { message: 'validation.max' });
}

export const requiredText = (max: number, options: { multiline?: boolean } = {}) =>
  textSchema(max, options).min(1, { message: 'validation.required' });

// characters that name a folder or are refused by some file system
const FILE_NAME_FORBIDDEN = /[/\\:*?"<>|]/;

/** An attachment's name: a text as above with no path separators or reserved characters, and not '.' or '..'. */
export const fileNameSchema = requiredText(200).refine(
  (v) => !FILE_NAME_FORBIDDEN.test(v) && v !== '.' && v !== '..',
  { message: 'validation.fileName' },
);

/** A media type (RFC 9110 `type/subtype` with parameters): never a line break that would split a header. */
export const MEDIA_TYPE_RE =
  /^[A-Za-z0-9!#$&^_.+-]{1,64}\/[A-Za-z0-9!#$&^_.+-]{1,64}(\s*;\s*[A-Za-z0-9!#$&^_.+-]+=("[^"\r\n\\]*"|[A-Za-z0-9!#$&^_.+-]+))*$/;

export const contentTypeSchema = z
  .string()
  .max(100, { message: 'validation.max' })
  .refine((v) => !/[\r\n]/.test(v) && (v.trim() === '' || MEDIA_TYPE_RE.test(v.trim())), {
    message: 'validation.contentType',
  })
  .overwrite((v) => v.trim().toLowerCase());

/** Strict base64 (an optional `data:` prefix; whitespace between lines allowed): junk is refused, not stored empty. */
export function isStrictBase64(value: string): boolean {
  const clean = value.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  return clean.length > 0 && clean.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(clean);
}
