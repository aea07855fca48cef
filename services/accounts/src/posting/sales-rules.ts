import { dec, taxTagText, type AccountLinkName, type VatBoxName } from '@erp/contracts';
import { costCorrectionLine, type DocumentMoney, type MoneyLine, type PostingRule } from './rules';

/** The VAT return's box of each VAT category's sales; out of scope ('O', or one not known) is in no box. */
const salesBoxes: Readonly<Record<string, VatBoxName>> = {
  S: 'standardRatedSales',
  Z: 'zeroRatedSales',
  E: 'exemptSales',
};

const tagOf = (category: string, rate: string, role: 'base' | 'tax') => {
  const box = salesBoxes[category];
  return box ? taxTagText({ box, role, rate: dec(rate).toFixed() }) : null;
};

const sum = (amounts: readonly string[]) => amounts.reduce((s, a) => s.plus(dec(a)), dec(0));

/**
 * A sales invoice's money (issue 14, deliverable 5), `revenue` being the sales account: revenue and VAT credited,
 * the discount allowed, cash and bank payments and the rest on credit debited. A return (a credit note) is the
 * same the other way on the sales returns account.
 *
 * Revenue is booked per VAT category at its taxable amount (gross less the category's discounts) with the tax tag
 * of its box, and the VAT per category with the box's 'tax' tag, so the VAT summary adds the return up from the
 * ledger. The event gives the discount for the document as a whole, not per category, so the revenue account is
 * grossed up by one untagged line of the discount, which the discounts allowed account takes on the other side:
 * the revenue account still shows the gross and discounts allowed the discount, while the boxes hold Σ taxable =
 * gross − discount. The consumer refuses money whose figures do not add up (`salesMoneyIssue`), so the entry
 * balances exactly.
 */
function salesMoney(revenue: AccountLinkName, invoice: boolean) {
  const [income, expense] = invoice ? (['credit', 'debit'] as const) : (['debit', 'credit'] as const);
  return (m: DocumentMoney): MoneyLine[] => {
    const lines: MoneyLine[] = [];
    for (const c of m.vatCategories) {
      lines.push({
        link: revenue,
        side: income,
        amount: dec(c.taxable),
        taxTag: tagOf(c.category, c.rate, 'base'),
      });
      lines.push({
        link: 'vatOutput',
        side: income,
        amount: dec(c.vat),
        taxTag: tagOf(c.category, c.rate, 'tax'),
      });
    }
    const taxable = sum(m.vatCategories.map((c) => c.taxable));
    lines.push({ link: revenue, side: income, amount: dec(m.gross).minus(taxable), taxTag: null });
    lines.push({ link: 'discountsAllowed', side: expense, amount: dec(m.discount), taxTag: null });
    const cash = sum(m.payments.filter((p) => p.kind === 'cash').map((p) => p.amount));
    const banks = sum(m.payments.filter((p) => p.kind !== 'cash').map((p) => p.amount));
    lines.push({ link: 'cash', side: expense, amount: cash, taxTag: null });
    lines.push({ link: 'banks', side: expense, amount: banks, taxTag: null });
    lines.push({
      link: 'receivables',
      side: expense,
      amount: dec(m.total).minus(cash).minus(banks),
      taxTag: null,
    });
    return lines;
  };
}

/**
 * Why a sales document's money cannot be booked as a balanced entry, or null: its figures must add up as the
 * invoice arithmetic makes them (total = gross − discount + VAT, Σ taxable = gross − discount, Σ VAT = VAT).
 */
export function salesMoneyIssue(m: DocumentMoney): string | null {
  const net = dec(m.gross).minus(dec(m.discount));
  if (!net.plus(dec(m.vat)).equals(dec(m.total))) return 'total is not gross - discount + vat';
  if (!sum(m.vatCategories.map((c) => c.taxable)).equals(net))
    return 'the taxable amounts are not gross - discount';
  if (!sum(m.vatCategories.map((c) => c.vat)).equals(dec(m.vat))) return 'the categories VAT is not the vat';
  return null;
}

/**
 * Sales invoices and returns (issue 14, deliverable 5): their cost from inventory's stock event (an invoice issues
 * stock at cost to cost of goods sold, a return takes it back), their money from sales' own event.
 */
export const salesPostingRules: readonly PostingRule[] = [
  {
    sourceService: 'sales',
    documentType: 'salesInvoices',
    lines: [{ debit: 'costOfGoodsSold', credit: 'inventory', amount: 'out' }, costCorrectionLine],
    money: salesMoney('sales', true),
  },
  {
    sourceService: 'sales',
    documentType: 'salesReturns',
    lines: [{ debit: 'inventory', credit: 'costOfGoodsSold', amount: 'in' }, costCorrectionLine],
    money: salesMoney('salesReturns', false),
  },
];
