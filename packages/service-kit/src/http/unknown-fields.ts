import type { z } from 'zod';
import type { FieldIssue } from '../errors';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

type Schema = z.ZodType | undefined;

/** The schema under optional, nullable, default and pipe wrappers. */
function unwrap(schema: Schema): Schema {
  let s = schema as { def?: { type?: string; innerType?: Schema; in?: Schema } } | undefined;
  for (let i = 0; i < 10 && s?.def; i++) {
    const def = s.def;
    if (def.innerType) s = def.innerType as typeof s;
    else if (def.type === 'pipe' && def.in) s = def.in as typeof s;
    else break;
  }
  return s as Schema;
}

function shapeOf(schema: Schema): Record<string, Schema> | null {
  const s = unwrap(schema) as { shape?: Record<string, Schema> } | undefined;
  return s?.shape ?? null;
}

function elementOf(schema: Schema): Schema {
  return (unwrap(schema) as { element?: Schema } | undefined)?.element;
}

/**
 * The fields a client sent that the contract does not know (issue 9 item 13). zod drops unknown keys in silence;
 * comparing what was sent with what parsing kept finds them, at any depth, for every route at once, so a
 * client's typo ('fullname') is a 400 instead of a field that quietly never saves. A field of the route's own
 * answer sent back (the record's id, its totals) is an echo, not a typo, and is let through.
 */
export function unknownFields(sent: unknown, kept: unknown, echo?: Schema, path = ''): FieldIssue[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    const element = elementOf(echo);
    return sent.flatMap((item, i) =>
      unknownFields(item, kept[i], element, path ? `${path}.${i}` : String(i)),
    );
  }
  if (!isPlainObject(sent) || !isPlainObject(kept)) return [];
  const echoShape = shapeOf(echo);
  return Object.keys(sent).flatMap((key) => {
    const field = path ? `${path}.${key}` : key;
    if (!(key in kept)) {
      return echoShape && key in echoShape ? [] : [{ field, code: 'validation.unknownField' as const }];
    }
    return unknownFields(sent[key], kept[key], echoShape?.[key], field);
  });
}
