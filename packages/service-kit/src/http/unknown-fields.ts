import type { FieldIssue } from '../errors';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

/**
 * The fields a client sent that the contract does not know (issue 9 item 13). zod drops unknown keys in silence;
 * comparing what was sent with what parsing kept finds them, at any depth, for every route at once, so a
 * client's typo ('fullname') is a 400 instead of a field that quietly never saves.
 */
export function unknownFields(sent: unknown, kept: unknown, path = ''): FieldIssue[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, i) => unknownFields(item, kept[i], path ? `${path}.${i}` : String(i)));
  }
  if (!isPlainObject(sent) || !isPlainObject(kept)) return [];
  return Object.keys(sent).flatMap((key) => {
    const field = path ? `${path}.${key}` : key;
    if (!(key in kept)) return [{ field, code: 'validation.unknownField' as const }];
    return unknownFields(sent[key], kept[key], field);
  });
}
