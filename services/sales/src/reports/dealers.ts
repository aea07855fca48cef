import {
  agents,
  dec,
  linesTableOf,
  tableOf,
  type Dec,
  type SalesByAgentRow,
  type SalesByCustomerRow,
} from '@erp/contracts';
import type { ReportRequest, ReportResult, RequestContext, TenantScope } from '@erp/service-kit';
import { agentCommission, type CommissionRange } from './commission';
import { COUNTED, type CountedType } from './figures';
import { issued, money, sortRows, text, type Row, type SalesFilter } from './sales-reports';

interface DealerSums {
  invoices: number;
  sales: Dec;
  returns: Dec;
  vat: Dec;
  returnsVat: Dec;
  collected: Dec;
}

/** Issued invoices less returns per customer or agent, summed in SQL on the documents (not their lines). */
async function sumsBy(
  s: TenantScope,
  ctx: RequestContext,
  column: 'customer_id' | 'agent_id',
  f: SalesFilter,
): Promise<Map<string, DealerSums>> {
  const out = new Map<string, DealerSums>();
  for (const type of Object.keys(COUNTED) as CountedType[]) {
    const rows = (await issued(s, ctx, type, f)
      .whereNotNull(`d.${column}`)
      .groupBy(`d.${column}`)
      .select(`d.${column} as k`)
      .count({ n: '*' })
      .sum({ net: 'd.money_tax_exclusive', vat: 'd.money_vat', paid: 'd.money_paid' })) as Row[];
    for (const r of rows) {
      const e = out.get(String(r.k)) ?? {
        invoices: 0,
        sales: dec(0),
        returns: dec(0),
        vat: dec(0),
        returnsVat: dec(0),
        collected: dec(0),
      };
      if (type === 'salesInvoices') {
        e.invoices += Number(r.n ?? 0);
        e.sales = e.sales.plus(money(r.net));
        e.vat = e.vat.plus(money(r.vat));
        e.collected = e.collected.plus(money(r.paid));
      } else {
        e.returns = e.returns.plus(money(r.net));
        e.returnsVat = e.returnsVat.plus(money(r.vat));
        e.collected = e.collected.minus(money(r.paid));
      }
      out.set(String(r.k), e);
    }
  }
  return out;
}

function netFigures(e: DealerSums) {
  const net = e.sales.minus(e.returns);
  const vat = e.vat.minus(e.returnsVat);
  return {
    invoices: e.invoices,
    sales: text(e.sales),
    returns: text(e.returns),
    net: text(net),
    vat: text(vat),
    total: text(net.plus(vat)),
  };
}

export async function salesByCustomer(
  q: ReportRequest<SalesFilter>,
): Promise<ReportResult<SalesByCustomerRow>> {
  const sums = await sumsBy(q.s, q.ctx, 'customer_id', q.params);
  const rows = [...sums].map(([customerId, e]) => ({ customerId, ...netFigures(e) }));
  return { rows: sortRows(rows, q.sort, 'customerId'), total: rows.length };
}

/**
 * Sales per agent less returns with the commission of the agent's plan (commission.ts). The base follows the
 * agent's channel: 'sale' the net sales without VAT, 'collection' what was collected at sale less refunds (the
 * sales service sees no later receipts), 'both' the two added.
 */
export async function salesByAgent(q: ReportRequest<SalesFilter>): Promise<ReportResult<SalesByAgentRow>> {
  const sums = await sumsBy(q.s, q.ctx, 'agent_id', q.params);
  const ids = [...sums.keys()];
  const plans = (await q.s.byIds(tableOf(agents), ids)) as Row[];
  const ranges = (await q.s
    .byIds(linesTableOf(agents, 'commissionRanges'), ids, 'parent_id')
    .orderBy(['parent_id', 'line_no'])) as Row[];
  const rows: SalesByAgentRow[] = ids.map((agentId) => {
    const e = sums.get(agentId)!;
    const figures = netFigures(e);
    const plan = plans.find((p) => String(p.id) === agentId);
    const channel = String(plan?.commission_channel ?? 'sale');
    const base =
      channel === 'collection'
        ? e.collected
        : channel === 'both'
          ? dec(figures.net).plus(e.collected)
          : dec(figures.net);
    const commission = plan
      ? agentCommission(base, {
          percentage:
            plan.commission_percentage == null ? null : money(plan.commission_percentage).toString(),
          maxCommission: plan.max_commission == null ? null : money(plan.max_commission).toString(),
          ranges: ranges
            .filter((r) => String(r.parent_id) === agentId)
            .map((r): CommissionRange => ({
              from: money(r.from_amount).toString(),
              to: money(r.to_amount).toString(),
              type: r.commission_type === 'value' ? 'value' : 'percentage',
              commission: money(r.commission).toString(),
            })),
        })
      : dec(0);
    return {
      agentId,
      ...figures,
      collected: text(e.collected),
      commissionBase: text(base),
      commission: text(commission),
    };
  });
  return { rows: sortRows(rows, q.sort, 'agentId'), total: rows.length };
}
