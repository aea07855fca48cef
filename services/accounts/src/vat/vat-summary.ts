import { parseTaxTag, vatBoxes, type VatSummaryRow } from '@erp/contracts';
import type { ReportResult, RequestContext, TenantScope } from '@erp/service-kit';
import { ALL } from '../balances/kept-balances';
import { branchLinks } from '../posting/entry-lines';
import { money } from '../reports/net';
import { branchesOf } from '../reports/period-sums';

interface Params {
  branchId?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

type SumRow = { debit: unknown; credit: unknown };
const big = (v: unknown) => BigInt(String(v ?? 0));

/** The lines of the period and branches: tagged ones by tag, or one account's untagged ones. */
function linesOf(s: TenantScope, branches: readonly string[], p: Params) {
  const q = s('journal_lines');
  if (p.dateFrom) q.where('date', '>=', p.dateFrom);
  if (p.dateTo) q.where('date', '<=', p.dateTo);
  if (branches[0] !== ALL) q.whereIn('branch_id', [...branches]);
  return q;
}

/**
 * The VAT summary (contracts' vatSummaryReport): every box of the return, with the period's tagged lines summed
 * into it on its side (sales: credits less debits, so returns come off; purchases: debits less credits). A box
 * always shows at its rate, even empty, as the return does; lines tagged at another rate get a row of their own.
 * VAT booked on a branch's VAT output or input account without a box (a correcting voucher) is reported beside,
 * and counts in the net VAT due, so the due equals the VAT accounts' movement of the period.
 */
export async function vatSummary(
  s: TenantScope,
  ctx: RequestContext,
  p: Params,
): Promise<ReportResult<VatSummaryRow>> {
  const branches = branchesOf(ctx, p.branchId);
  const tagged = (await linesOf(s, branches, p)
    .whereNotNull('tax_tag')
    .groupBy('tax_tag')
    .select('tax_tag')
    .sum({ debit: 'debit', credit: 'credit' })) as (SumRow & { tax_tag: string })[];
  const rows = new Map<string, VatSummaryRow & { amountSum: bigint; vatSum: bigint }>();
  const rowOf = (box: (typeof vatBoxes)[number], rate: string) => {
    const key = rate === box.rate ? box.name : `${box.name}@${rate}`;
    const found = rows.get(key);
    if (found) return found;
    const fresh = {
      key,
      box: box.name,
      boxNumber: box.box,
      direction: box.direction,
      rate,
      amount: '0',
      vat: '0',
      amountSum: 0n,
      vatSum: 0n,
    };
    rows.set(key, fresh);
    return fresh;
  };
  for (const box of vatBoxes) rowOf(box, box.rate);
  for (const t of tagged) {
    const tag = parseTaxTag(t.tax_tag);
    if (!tag) continue;
    const box = vatBoxes.find((b) => b.name === tag.box)!;
    const net = box.direction === 'output' ? big(t.credit) - big(t.debit) : big(t.debit) - big(t.credit);
    const row = rowOf(box, tag.rate);
    if (tag.role === 'base') row.amountSum += net;
    else row.vatSum += net;
  }
  // VAT on each branch's VAT accounts without a box: its own side's movement (output: credits less debits)
  let otherOutput = 0n;
  let otherInput = 0n;
  const branchIds =
    branches[0] === ALL
      ? ((await s('journal_chains').select('branch_id')) as { branch_id: string }[]).map((b) => b.branch_id)
      : branches;
  for (const branchId of branchIds) {
    const { links } = await branchLinks(s, branchId);
    const sides = [
      { account: links.vatOutput, output: true },
      { account: links.vatInput, output: false },
    ].filter((x, i, all) => x.account && all.findIndex((y) => y.account === x.account) === i);
    for (const side of sides) {
      const [sum] = (await linesOf(s, [branchId], p)
        .where('account_id', side.account!)
        .whereNull('tax_tag')
        .sum({ debit: 'debit', credit: 'credit' })) as SumRow[];
      if (side.output) otherOutput += big(sum?.credit) - big(sum?.debit);
      else otherInput += big(sum?.debit) - big(sum?.credit);
    }
  }
  const list = [...rows.values()].sort((a, b) => a.boxNumber - b.boxNumber || a.key.localeCompare(b.key));
  const total = (direction: string, field: 'amountSum' | 'vatSum') =>
    list.filter((r) => r.direction === direction).reduce((sum, r) => sum + r[field], 0n);
  const salesVat = total('output', 'vatSum');
  const purchasesVat = total('input', 'vatSum');
  return {
    rows: list.map(({ amountSum, vatSum, ...row }) => ({
      ...row,
      amount: money(amountSum),
      vat: money(vatSum),
    })),
    total: list.length,
    summary: {
      salesAmount: money(total('output', 'amountSum')),
      salesVat: money(salesVat),
      purchasesAmount: money(total('input', 'amountSum')),
      purchasesVat: money(purchasesVat),
      otherOutputVat: money(otherOutput),
      otherInputVat: money(otherInput),
      netVatDue: money(salesVat + otherOutput - purchasesVat - otherInput),
    },
  };
}
