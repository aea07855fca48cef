import { MEDIA_TYPE_RE } from '@erp/contracts';
import { AppError } from '../errors';

/** What a file's first bytes say it is; `null` when they say nothing this check knows (plain text, CSV). */
export type Sniffed =
  | 'image/png'
  | 'image/jpeg'
  | 'image/gif'
  | 'image/webp'
  | 'image/bmp'
  | 'application/pdf'
  | 'application/zip'
  | 'application/x-ole-storage'
  | 'executable'
  | 'text/html'
  | 'image/svg+xml'
  | null;

const starts = (b: Uint8Array, ...bytes: number[]) => bytes.every((x, i) => b[i] === x);
const ascii = (b: Uint8Array, at: number, text: string) =>
  [...text].every((ch, i) => b[at + i] === ch.charCodeAt(0));

/** The magic numbers of the types a user attaches, and of the ones that must never pass as them. */
export function sniffContent(b: Uint8Array): Sniffed {
  if (starts(b, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(b, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) return 'image/gif';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return 'image/webp';
  if (ascii(b, 0, 'BM') && b.length > 14) return 'image/bmp';
  if (ascii(b, 0, '%PDF-')) return 'application/pdf';
  if (starts(b, 0x50, 0x4b, 0x03, 0x04) || starts(b, 0x50, 0x4b, 0x05, 0x06)) return 'application/zip';
  if (starts(b, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'application/x-ole-storage';
  // Windows (MZ), ELF, Mach-O (both byte orders, 32 and 64 bits, fat), and scripts with a #! line
  if (
    ascii(b, 0, 'MZ') ||
    starts(b, 0x7f, 0x45, 0x4c, 0x46) ||
    starts(b, 0xfe, 0xed, 0xfa, 0xce) ||
    starts(b, 0xfe, 0xed, 0xfa, 0xcf) ||
    starts(b, 0xce, 0xfa, 0xed, 0xfe) ||
    starts(b, 0xcf, 0xfa, 0xed, 0xfe) ||
    starts(b, 0xca, 0xfe, 0xba, 0xbe) ||
    ascii(b, 0, '#!')
  )
    return 'executable';
  // markup a browser would run (WHATWG's HTML sniffing: the first tag after a byte-order mark and spaces)
  const head = Buffer.from(b.subarray(0, 1024))
    .toString('latin1')
    .replace(/^(\xEF\xBB\xBF|\xFE\xFF|\xFF\xFE)/, '')
    .trimStart()
    .toLowerCase();
  if (/^<(\?xml|!--)/.test(head) && head.includes('<svg')) return 'image/svg+xml';
  if (head.startsWith('<svg')) return 'image/svg+xml';
  if (
    /^<(!doctype html|html|head|body|script|iframe|h1|div|font|table|a|style|title|b|p|br|!--)[\s>/]/.test(
      head,
    )
  )
    return 'text/html';
  return null;
}

/** Zip and compound-file containers hold office documents: a .docx is a zip, a .doc an OLE storage. */
const BY_EXTENSION: Record<string, Sniffed> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  zip: 'application/zip',
  docx: 'application/zip',
  xlsx: 'application/zip',
  pptx: 'application/zip',
  odt: 'application/zip',
  ods: 'application/zip',
  doc: 'application/x-ole-storage',
  xls: 'application/x-ole-storage',
  ppt: 'application/x-ole-storage',
};
const BY_MEDIA_TYPE: Record<string, Sniffed> = {
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp',
  'image/bmp': 'image/bmp',
  'application/pdf': 'application/pdf',
  'application/zip': 'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'application/zip',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'application/zip',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'application/zip',
  'application/msword': 'application/x-ole-storage',
  'application/vnd.ms-excel': 'application/x-ole-storage',
  'application/vnd.ms-powerpoint': 'application/x-ole-storage',
};
/** Names that run or render as active content when opened. */
const REFUSED_EXTENSIONS = new Set([
  'exe',
  'com',
  'bat',
  'cmd',
  'scr',
  'pif',
  'msi',
  'dll',
  'js',
  'mjs',
  'vbs',
  'vbe',
  'wsf',
  'ps1',
  'sh',
  'jar',
  'app',
  'html',
  'htm',
  'xhtml',
  'svg',
  'hta',
  'lnk',
  'reg',
]);

const mismatch = (field: string) =>
  new AppError(400, 'validationFailed', {}, [{ field, code: 'validation.fileContentMismatch' }]);

const extensionOf = (fileName: string) => /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

/**
 * An attachment's bytes checked against its name and declared type: executables and markup are refused
 * whatever they are called; a file named or declared as a known type (.png, application/pdf, .docx) must
 * start like one. Answers the type to store: the declared one, or what the bytes say when none was declared.
 */
export function checkAttachment(file: {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}): string {
  const ext = extensionOf(file.fileName);
  if (REFUSED_EXTENSIONS.has(ext))
    throw new AppError(400, 'validationFailed', {}, [{ field: 'fileName', code: 'validation.fileName' }]);
  const sniffed = sniffContent(file.content);
  if (sniffed === 'executable' || sniffed === 'text/html' || sniffed === 'image/svg+xml')
    throw mismatch('base64');
  const byName = BY_EXTENSION[ext];
  if (byName !== undefined && byName !== sniffed) throw mismatch('base64');
  const declared = file.contentType.trim().toLowerCase().split(';')[0]!.trim();
  const byType = BY_MEDIA_TYPE[declared];
  if (byType !== undefined && byType !== sniffed) throw mismatch('contentType');
  if (/^(text\/html|image\/svg|application\/(x-)?(javascript|msdownload|x-sh|xhtml))/.test(declared))
    throw mismatch('contentType');
  return declared || (sniffed ?? 'application/octet-stream');
}

/** A stored type fit for a header; one saved before these checks that is not falls back to octet-stream. */
export function safeContentType(stored: unknown): string {
  const value = String(stored ?? '').trim();
  return MEDIA_TYPE_RE.test(value) ? value : 'application/octet-stream';
}

/** The feedback screenshot (spec section 5: jpg, png or gif): its bytes must be the image its extension says. */
export function checkImage(bytes: Uint8Array, extension: string, field: string): void {
  const expected = BY_EXTENSION[extension.toLowerCase()];
  const sniffed = sniffContent(bytes);
  if (!expected || sniffed !== expected || !['image/jpeg', 'image/png', 'image/gif'].includes(sniffed))
    throw mismatch(field);
}
