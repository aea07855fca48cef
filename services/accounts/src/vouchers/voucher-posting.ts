import { vouchers } from '@erp/contracts';
import {
  AppError,
  requirePrincipal,
  tenantScope,
  type Executor,
  type PostingInput,
  type RequestContext,
} from '@erp/service-kit';
import { appendEntry, reverseEntry } from '../journal';
import { branchLinks } from '../posting/entry-lines';
import { journalLinesOf, leafIssues } from './voucher-rules';

/** The journal's source type of a voucher's entries (and of their reversals). */
export const VOUCHER_SOURCE = vouchers.name;

/** The entry a voucher's last posting booked that is not reversed yet, if any. */
export async function liveEntryOf(
  trx: Executor,
  tenantId: string,
  voucherId: string,
): Promise<string | null> {
  const entries = (await tenantScope(
    trx,
    tenantId,
  )('journal_entries')
    .where({ source_type: VOUCHER_SOURCE, source_id: voucherId })
    .select('id', 'reverses_entry_id')) as { id: string; reverses_entry_id: string | null }[];
  const reversed = new Set(entries.map((e) => e.reverses_entry_id).filter(Boolean));
  return entries.find((e) => !e.reverses_entry_id && !reversed.has(e.id))?.id ?? null;
}

/**
 * The posting hook of vouchers, in the document's transaction: 'post' appends one journal entry from the lines
 * (source: the voucher at its new revision), 'unpost' books the reversal of that entry; a save of an unposted
 * voucher books nothing. Each line's value is its debit, so the voucher's total is its amount.
 */
export async function postVoucher(
  trx: Executor,
  ctx: RequestContext,
  { record, action }: PostingInput,
): Promise<Map<number, string>> {
  const values = new Map(record.lines.map((l) => [l.lineNo, String(l.debit ?? '0') || '0']));
  const tenantId = requirePrincipal(ctx).tenantId;
  const source = { type: VOUCHER_SOURCE, id: record.id, revision: record.revision };
  const postedBy = requirePrincipal(ctx).userId;
  if (action === 'post') {
    const { links } = await branchLinks(tenantScope(trx, tenantId), String(record.branchId));
    const lines = journalLinesOf(record.lines, links);
    // the chart may have changed since the save: an account that took sub-accounts takes no entries
    const issues = await leafIssues(tenantScope(trx, tenantId), lines);
    if (issues.length) throw new AppError(400, 'validationFailed', {}, issues);
    await appendEntry(trx, {
      tenantId,
      branchId: String(record.branchId),
      date: record.date,
      source,
      memo: String(record.notes ?? '').slice(0, 400),
      postedBy,
      lines,
    });
  } else if (action === 'unpost') {
    const entry = await liveEntryOf(trx, tenantId, record.id);
    if (entry) await reverseEntry(trx, tenantId, entry, { date: record.date, source, postedBy });
  }
  return values;
}
