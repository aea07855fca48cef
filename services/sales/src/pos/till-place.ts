import { documentTableOf, tillChainHash, type DocumentDef, type DocumentRecord } from '@erp/contracts';
import { AppError, type Executor, type TenantScope } from '@erp/service-kit';

/** A till's sale's place in the till's chain, fixed on the till when the receipt was made. */
export interface TillPlace {
  /** The till's issuing unit ('till:{id}'). */
  unit: string;
  uuid: string;
  counter: number;
  number: string;
  previousHash: string;
  hash: string;
  issuedAt: string;
}

// the point of sale's sync issues the invoice through the document engine in a savepoint of its own: the issue
// hook finds the till's place by that transaction, instead of taking the back office's next number
const places = new WeakMap<Executor, TillPlace>();

export function withTillPlace<T>(trx: Executor, place: TillPlace, work: () => Promise<T>): Promise<T> {
  places.set(trx, place);
  return work().finally(() => places.delete(trx));
}

export const tillPlaceOf = (trx: Executor): TillPlace | undefined => places.get(trx);

/**
 * An invoice issued in a till's chain: the hash the till printed must be the hash of what the server issued
 * (its totals, date and customer), else the receipt and the ledger would disagree and the sale is refused.
 */
export async function chainTillIssued(
  s: TenantScope,
  doc: DocumentDef,
  record: DocumentRecord,
  place: TillPlace,
  total: string,
  vat: string,
): Promise<void> {
  const hash = await tillChainHash({
    uuid: place.uuid,
    counter: place.counter,
    previousHash: place.previousHash,
    number: place.number,
    date: record.date,
    issuedAt: place.issuedAt,
    total,
    vat,
    customerId: typeof record.customerId === 'string' ? record.customerId : null,
  });
  if (hash !== place.hash) throw new AppError(409, 'tillHashMismatch', { number: place.number, total });
  await s(documentTableOf(doc)).where({ id: record.id }).update({
    invoice_uuid: place.uuid,
    issue_unit: place.unit,
    issue_counter: place.counter,
    previous_hash: place.previousHash,
    invoice_hash: place.hash,
    issued_at: place.issuedAt,
  });
}
