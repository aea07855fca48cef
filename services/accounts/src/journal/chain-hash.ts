import { createHash } from 'node:crypto';
import { STORAGE_SCALE, fromStored } from '@erp/contracts';

/** The hash a chain starts from: the first entry of a branch links to it. */
export const GENESIS_HASH = '0'.repeat(64);
/** Bumped if the serialisation ever changes; a verifier reads it to know how an entry was hashed. */
export const CHAIN_FORMAT = 'erp-journal-v1';

export interface ChainLine {
  lineNo: number;
  accountId: string;
  costCenterId: string | null;
  /** Stored integers (scaled by 10^4) or their decimal strings; serialised as exact decimals. */
  debit: number | string | bigint;
  credit: number | string | bigint;
  note: string;
  /** The VAT return's tag (accounts_0011); hashed only when present, so older entries hash as they did. */
  taxTag?: string | null;
}

export interface ChainEntry {
  id: string;
  tenantId: string;
  branchId: string;
  seq: number;
  date: string;
  sourceType: string;
  sourceId: string;
  sourceRevision: number;
  reversesEntryId: string | null;
  memo: string;
  postedAt: string;
  lines: readonly ChainLine[];
}

const INTEGER = /^-?\d+$/;

/**
 * An amount as the chain writes it: the exact decimal with the storage scale's digits ("12.5000"). A stored
 * integer is cut into its digits (a verification walks millions of them); anything else a tampered row may
 * hold goes through the decimal library, as it always did.
 */
function amount(stored: number | string | bigint): string {
  const text = String(stored);
  if (!INTEGER.test(text)) return fromStored(stored).toFixed(STORAGE_SCALE);
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).replace(/^0+(?=\d)/, '').padStart(STORAGE_SCALE + 1, '0');
  const cut = digits.length - STORAGE_SCALE;
  const fixed = `${digits.slice(0, cut)}.${digits.slice(cut)}`;
  return negative && /[1-9]/.test(digits) ? `-${fixed}` : fixed;
}

/**
 * The canonical serialisation of an entry: a JSON array in a fixed order (no object keys whose order could
 * drift), lines in line order, amounts as exact decimal strings, ending with the previous entry's hash. The id
 * and the place in the chain are part of it, so a moved, renumbered or swapped entry no longer matches.
 */
export function canonicalEntry(entry: ChainEntry, prevHash: string): string {
  const lines = [...entry.lines]
    .sort((a, b) => a.lineNo - b.lineNo)
    .map((l) => {
      const line = [l.lineNo, l.accountId, l.costCenterId, amount(l.debit), amount(l.credit), l.note];
      return l.taxTag ? [...line, l.taxTag] : line;
    });
  return JSON.stringify([
    CHAIN_FORMAT,
    entry.tenantId,
    entry.branchId,
    entry.seq,
    entry.id,
    entry.date,
    entry.sourceType,
    entry.sourceId,
    entry.sourceRevision,
    entry.reversesEntryId,
    entry.memo,
    entry.postedAt,
    lines,
    prevHash,
  ]);
}

/** SHA-256 (hex) over the canonical serialisation. */
export function entryHash(entry: ChainEntry, prevHash: string): string {
  return createHash('sha256').update(canonicalEntry(entry, prevHash), 'utf8').digest('hex');
}
