import { documentMoneyTotals } from '../money-documents/fields';
import { tillChainHash, tillNumber } from './till-chain';
import type { TillSaleInput } from './pos-routes';

/** Where a till's own chain stands, kept on the till (its last counter and that receipt's hash). */
export interface TillChainState {
  tillId: string;
  code: string;
  counter: number;
  lastHash: string;
}

/**
 * A sale made at the till, before anything is sent (issue 15 deliverable 7): the chain's next place, the receipt's
 * number and the hash of what the receipt says, computed from the sale with the invoices' one arithmetic, so the
 * server computes the same. Returns what to send (and keep until the server has it) and the chain's new state.
 */
export async function nextTillSale(
  state: TillChainState,
  sale: TillSaleInput['sale'],
  at: { uuid: string; issuedAt: string },
): Promise<{ input: TillSaleInput; number: string; state: TillChainState }> {
  const counter = state.counter + 1;
  const number = tillNumber(state.code, counter);
  const totals = documentMoneyTotals('quantity', sale as Parameters<typeof documentMoneyTotals>[1]);
  const hash = await tillChainHash({
    uuid: at.uuid,
    counter,
    previousHash: state.lastHash,
    number,
    date: sale.date,
    issuedAt: at.issuedAt,
    total: totals.taxInclusive,
    vat: totals.vat,
    customerId: typeof sale.customerId === 'string' ? sale.customerId : null,
  });
  return {
    input: {
      tillId: state.tillId,
      uuid: at.uuid,
      counter,
      previousHash: state.lastHash,
      hash,
      issuedAt: at.issuedAt,
      sale,
    },
    number,
    state: { ...state, counter, lastHash: hash },
  };
}
