import type { DocumentDef, DocumentRecord } from '@erp/contracts';

// Whether a document is a tax invoice or a credit note, and its issue and money facts as the read gives them:
// what every document page asks, kept apart from the print's model (its QR text, names and addresses), which
// comes with the tax invoice's sheet (issue 12: a screen fetches what it uses).

/** An issued document's place in its unit's chain, as the read gives it. */
export interface IssueFacts {
  uuid: string;
  unit: string;
  counter: number;
  previousHash: string;
  hash: string;
  issuedAt: string;
}

export interface MoneyFacts {
  lines: { gross: string; discount: string; net: string; vat: string; total: string }[];
  categories: { category: string; rate: string; taxable: string; vat: string; discount: string }[];
  lineNet: string;
  discount: string;
  taxExclusive: string;
  vat: string;
  taxInclusive: string;
}

/** The document prints as a tax invoice (or credit note): a money document of an issue chain, once issued. */
export function isTaxDocument(doc: Pick<DocumentDef, 'money' | 'issueChain'>, record: DocumentRecord | null) {
  return Boolean(doc.money && doc.issueChain && record && issueOf(record) && moneyOf(record));
}

export const issueOf = (record: DocumentRecord): IssueFacts | null =>
  (record.issue as IssueFacts | null | undefined) ?? null;
export const moneyOf = (record: DocumentRecord): MoneyFacts | null =>
  (record.money as MoneyFacts | undefined) ?? null;

/** A return is a credit note: it names its original invoice and a coded reason. */
export const isCreditNote = (record: DocumentRecord) =>
  typeof record.reason === 'string' && record.reason !== '';
