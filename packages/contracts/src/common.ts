import { z } from 'zod';
import { requiredText, textSchema } from './text';

export const idSchema = z.string().min(1).max(64);
export const idParams = z.object({ id: idSchema });

import { PAGE_SIZES } from './lists';

export { PAGE_SIZES };

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'validation.pageSize' })
    .default(15),
  search: z.string().trim().max(100).optional(),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** Arabic and English names; the English one defaults to the Arabic one (spec section 5, forms). */
export const namesInput = z
  .object({
    arabicName: requiredText(200),
    englishName: textSchema(200).optional().default(''),
  })
  .transform((v) => ({ ...v, englishName: v.englishName || v.arabicName }));

export const okResponse = z.object({ ok: z.literal(true) });
