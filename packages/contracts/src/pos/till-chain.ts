/**
 * A till's own invoice chain (issue 15 deliverable 7): every till is an issuing unit of its own, with its own
 * number series, counter and previous-invoice hash, kept on the till so that a receipt made offline already
 * carries its final number and hash. The till and the server compute the hash with this one function (Web
 * Crypto's SHA-256, in the browser and in Node 20 alike), so the server can check what the till printed.
 */

/** ZATCA's previous-invoice hash of a unit's first invoice: SHA-256 of '0', in hex. */
export const TILL_FIRST_PREVIOUS_HASH = '5feceb66ffc86f38d952786c6d696c79c2dbc239dd4e91b46729d73a27fb57e9';

/** The receipt's number: the till's code and its counter ('T3-000042'); never reused, never the same on two tills. */
export const tillNumber = (tillCode: string, counter: number): string =>
  `${tillCode}-${String(counter).padStart(6, '0')}`;

/** What a till's invoice hash covers: its place in the chain and what the receipt says it sold for. */
export interface TillChainFields {
  uuid: string;
  counter: number;
  previousHash: string;
  number: string;
  date: string;
  issuedAt: string;
  /** The totals as `invoiceTotals` gives them (2 decimals). */
  total: string;
  vat: string;
  customerId: string | null;
}

const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The invoice's hash: SHA-256 of its fields in a fixed order, as hex. */
export async function tillChainHash(f: TillChainFields): Promise<string> {
  const text = JSON.stringify([
    f.uuid,
    f.counter,
    f.previousHash,
    f.number,
    f.date,
    f.issuedAt,
    f.total,
    f.vat,
    f.customerId,
  ]);
  return hex(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}
