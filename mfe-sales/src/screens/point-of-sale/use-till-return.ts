import { useState } from 'react';
import { posReceiptRoutes, salesReturns, type DocumentRecord, type PosLookups } from '@erp/contracts';
import { localToday } from '@erp/i18n';
import { useFeature } from '@erp/ui-kit';
import {
  anythingReturnable,
  pickAll,
  pickQuantity,
  receiptQueryOf,
  refundMethodsOf,
  returnInputOf,
  returnLinesOf,
  type ReturnLine,
  type ReturnPick,
} from './till-return';
import { problemOf } from './use-till-sync';

type Fail = (key: string, params?: Record<string, unknown>) => void;

/** The server's words, field by field (a line above what is left, a closed period...). */
const detailOf = (e: unknown) => {
  const p = problemOf(e);
  return (p.problem?.errors ?? []).map((f) => `${f.field}: ${f.message ?? ''}`).join('، ') || p.message || '';
};

/**
 * A return at the till (issue 15 deliverable 8): the original found on the server by what the cashier scanned
 * (the receipt's QR) or typed (its number), the lines and quantities picked, then one credit note converted from
 * it and issued at once. Everything here needs the network: offline, the till says so and issues nothing. The
 * credit note carries an Idempotency-Key made once per return, so a retry after a lost answer never refunds twice.
 */
export function useTillReturn(lookups: PosLookups, fail: Fail) {
  const { api } = useFeature();
  const [original, setOriginal] = useState<DocumentRecord | null>(null);
  const [lines, setLines] = useState<ReturnLine[]>([]);
  const [pick, setPick] = useState<ReturnPick>({});
  const [reason, setReason] = useState('goodsReturned');
  const [refundMethodId, setRefundMethodId] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const refundMethods = original ? refundMethodsOf(original, lookups) : [];

  function reset() {
    setOriginal(null);
    setLines([]);
    setPick({});
    setReason('goodsReturned');
    setRefundMethodId('');
    setKey(crypto.randomUUID());
  }

  /** The original by the receipt's QR text or number; true when it has something left to return. */
  async function find(scanned: string): Promise<boolean> {
    const query = receiptQueryOf(scanned);
    reset();
    if (!query) return (fail('receiptRequired'), false);
    let found: DocumentRecord;
    try {
      found = await api.get<DocumentRecord>(posReceiptRoutes.findReceipt.path, undefined, {
        query,
        quiet: true,
      });
    } catch (e) {
      const status = problemOf(e).status;
      if (!status) fail('returnNeedsNetwork');
      else if (status === 404) fail('receiptNotFound');
      else if (status === 400) fail('receiptGarbled');
      else if (status === 403) fail('receiptOtherBranch');
      else fail('returnRefused', { detail: detailOf(e) });
      return false;
    }
    const rows = returnLinesOf(found);
    if (!anythingReturnable(rows)) return (fail('nothingToReturn', { code: found.code }), false);
    setOriginal(found);
    setLines(rows);
    setRefundMethodId(refundMethodsOf(found, lookups)[0]?.id ?? '');
    return true;
  }

  function setQuantity(line: ReturnLine, value: string): boolean {
    const out = pickQuantity(pick, line, value);
    if ('refused' in out) return (fail(out.refused, { remaining: line.remaining }), false);
    setPick(out.pick);
    setKey(crypto.randomUUID());
    return true;
  }

  function all() {
    setPick(pickAll(lines));
    setKey(crypto.randomUUID());
  }

  /** Issues the credit note; its code and the refund when the server took it. */
  async function issue(): Promise<{ code: string; refund: string } | null> {
    if (!original || busy) return null;
    const out = returnInputOf(original, pick, reason, refundMethodId, localToday());
    if ('refused' in out) return (fail(out.refused), null);
    setBusy(true);
    try {
      const made = await api.post<{ id: string; code: string }>(
        salesReturns.apiPath,
        { ...out.input, then: 'issue' },
        { headers: { 'Idempotency-Key': key }, quiet: true },
      );
      reset();
      return { code: made.code, refund: out.refund };
    } catch (e) {
      fail(problemOf(e).status ? 'returnRefused' : 'returnNeedsNetwork', { detail: detailOf(e) });
      return null;
    } finally {
      setBusy(false);
    }
  }

  return {
    original,
    lines,
    pick,
    reason,
    setReason: (r: string) => (setReason(r), setKey(crypto.randomUUID())),
    refundMethods,
    refundMethodId,
    setRefundMethodId: (id: string) => (setRefundMethodId(id), setKey(crypto.randomUUID())),
    busy,
    find,
    setQuantity,
    all,
    issue,
    reset,
  };
}
