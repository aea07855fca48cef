import {
  customers,
  dec,
  documentMoneyTotals,
  fromStored,
  tableOf,
  type Dec,
  type DocumentDef,
  type DocumentInput,
} from '@erp/contracts';
import {
  requirePrincipal,
  type BranchSettings,
  type FieldIssue,
  type RequestContext,
  type TenantScope,
} from '@erp/service-kit';
import { salesItems, userLimits } from './replicas';

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const amount = (v: unknown) => dec(str(v) || '0');

/** A discount as a percentage of what it comes off (a value discount of 5 on 50 is 10 %). */
function discountPercent(type: unknown, value: unknown, base: Dec): Dec {
  const v = amount(value);
  if (v.isZero()) return dec(0);
  if (type === 'percentage') return v;
  return base.isZero() ? dec(100) : v.div(base).times(100);
}

/**
 * The spec's rules on a sales document as it is saved (sections 5 and 6), on the server with its messages: the
 * customer may deal (not suspended; a cash customer pays cash), each line names an active item in one of its
 * units, no discount above the user's limit, no price above the item's sales price without the right to raise
 * it, none under the minimum price where the branch blocks it, none under cost unless the branch allows it, a
 * return names the invoice it returns, the customer has a phone where the branch's policy asks for one, and a
 * contract ends on or after its start.
 */
export async function salesDocumentIssues(
  s: TenantScope,
  doc: DocumentDef,
  input: DocumentInput,
  settings: BranchSettings,
  ctx: RequestContext,
): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  const principal = requirePrincipal(ctx);
  const customer = await s(tableOf(customers))
    .where({ id: str(input.customerId) })
    .first('suspended', 'is_cash_customer', 'phone');
  if (customer?.suspended) issues.push({ field: 'customerId', code: 'validation.customerSuspended' });
  if (customer && settings.policies.customerPhone === 'required' && !str(customer.phone))
    issues.push({ field: 'customerId', code: 'validation.customerPhoneRequired' });
  if (
    typeof input.startDate === 'string' &&
    typeof input.endDate === 'string' &&
    input.endDate < input.startDate
  )
    issues.push({ field: 'endDate', code: 'validation.endBeforeStart' });
  if (customer?.is_cash_customer && input.paymentType === 'onCredit')
    issues.push({ field: 'paymentType', code: 'validation.paymentTypeNotCompatible' });
  if (doc.name === 'salesReturns' && !input.sourceId)
    issues.push({ field: 'sourceId', code: 'validation.returnNeedsInvoice' });

  const limits = await userLimits(s, principal.userId);
  const items = await salesItems(
    s,
    input.lines.map((l) => str(l.itemId)),
  );
  const totals = documentMoneyTotals('quantity', input);
  // a return gives back what was sold at the sale's price and discount: a discount on it lowers the refund, so
  // the cashier's own discount limit (a limit on what they give away when selling) does not apply
  const overLimit = (percent: Dec) =>
    doc.name !== 'salesReturns' && !principal.isAdmin && percent.greaterThan(limits.maxAllowedDiscount);
  const limit = { limit: limits.maxAllowedDiscount.toString() };
  input.lines.forEach((l, i) => {
    const item = items.get(str(l.itemId));
    if (!item || !item.isActive) {
      issues.push({ field: `lines.${i}.itemId`, code: 'validation.reference' });
      return;
    }
    const unit = item.units.get(str(l.unitId));
    if (!unit) {
      issues.push({ field: `lines.${i}.unitId`, code: 'validation.unitNotOfItem' });
      return;
    }
    if (overLimit(discountPercent(l.discountType, l.discount, dec(totals.lines[i]!.gross))))
      issues.push({ field: `lines.${i}.discount`, code: 'validation.discountAboveLimit', params: limit });
    // returns give back what was sold, at the invoice's price: the price rules are the sale's
    if (doc.name === 'salesReturns') return;
    const price = amount(l.price);
    const rate = dec(unit.rate);
    const salesPrice = unit.salesPrice
      ? dec(unit.salesPrice)
      : item.salesPrice
        ? dec(item.salesPrice).times(rate)
        : null;
    if (salesPrice && price.greaterThan(salesPrice) && !principal.isAdmin && !limits.canRaisePrice)
      issues.push({ field: `lines.${i}.price`, code: 'validation.priceAboveSalesPrice' });
    const minimum = item.minSalesPrice ? dec(item.minSalesPrice).times(rate) : null;
    if (minimum && price.lessThan(minimum) && settings.policies.minimumSalesPrice === 'block')
      issues.push({ field: `lines.${i}.price`, code: 'validation.priceBelowMinimum' });
    // the line's net price per unit against the item's cost (sales keeps no stock ledger: the item's cost price)
    const quantity = amount(l.quantity);
    const cost = item.costPrice ? dec(item.costPrice).times(rate) : null;
    if (
      cost &&
      !settings.switches.sellBelowCost &&
      !quantity.isZero() &&
      dec(totals.lines[i]!.net).div(quantity).lessThan(cost)
    )
      issues.push({ field: `lines.${i}.price`, code: 'validation.belowCost' });
  });
  if (overLimit(discountPercent(input.discountType, input.discount, dec(totals.lineNet))))
    issues.push({ field: 'discount', code: 'validation.discountAboveLimit', params: limit });
  return issues;
}

/** The customer's balance as sales knows it: opening balance plus what its issued documents left unpaid. */
export async function customerBalance(s: TenantScope, customerId: string): Promise<Dec> {
  const customer = await s(tableOf(customers))
    .where({ id: customerId })
    .first('opening_debit', 'opening_credit');
  let balance = fromStored(customer?.opening_debit as number | undefined).minus(
    fromStored(customer?.opening_credit as number | undefined),
  );
  for (const [table, sign] of [
    ['doc_sales_invoices', 1],
    ['doc_sales_returns', -1],
  ] as const) {
    const row = (await s(table)
      .where({ customer_id: customerId, status: 'issued' })
      .sum({ total: 'money_tax_inclusive', paid: 'money_paid' })
      .first()) as { total: unknown; paid: unknown } | undefined;
    const open = fromStored(str(row?.total ?? 0)).minus(fromStored(str(row?.paid ?? 0)));
    balance = balance.plus(open.times(sign));
  }
  return balance;
}
