import { z } from 'zod';
import { textSchema } from './text';

/**
 * The company's print templates (the spec's 'invoice template' screen): per sales document type, which optional
 * blocks its print shows (notes, signature lines) and a text above and below it. Kept with the company (identity),
 * so StartUp brings them to every print with the letterhead.
 */
export const printTemplateDocuments = ['quotations', 'salesOrders', 'salesInvoices', 'salesReturns'] as const;
export type PrintTemplateDocument = (typeof printTemplateDocuments)[number];

/** Spec section 5, 'Print templates: backslash not allowed'. */
const templateText = textSchema(500, { multiline: true })
  .refine((v) => !v.includes('\\'), { message: 'validation.backslash' })
  .default('');

export const printTemplateSchema = z.object({
  showNotes: z.boolean().default(true),
  showSignatures: z.boolean().default(true),
  headerText: templateText,
  footerText: templateText,
});
export type PrintTemplate = z.infer<typeof printTemplateSchema>;

/** Every type's template; a type without one prints with the defaults (notes and signatures, no texts). */
export const printTemplatesSchema = z
  .object(
    Object.fromEntries(printTemplateDocuments.map((d) => [d, printTemplateSchema.optional()])) as Record<
      PrintTemplateDocument,
      z.ZodOptional<typeof printTemplateSchema>
    >,
  )
  .strict();
export type PrintTemplates = z.infer<typeof printTemplatesSchema>;

export const defaultPrintTemplate: PrintTemplate = printTemplateSchema.parse({});

/** A stored value read back: what no longer parses is dropped, never an error on a read. */
export function printTemplatesOf(stored: unknown): PrintTemplates {
  const parsed = printTemplatesSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : {};
}
