import {
  dec,
  invoiceTotals,
  InvoiceArithmeticError,
  type InvoiceTotals,
  type PosCatalogItem,
  type TillSaleInput,
} from '@erp/contracts';

/**
 * The till's sale in progress (issue 15 deliverables 1 and 4), as pure data: lines, payments, customer. Every
 * amount is a decimal string and every sum goes through the invoices' one arithmetic (`invoiceTotals`), so the
 * till shows what the server will issue (and hash) to the last halala.
 */
export interface CartLine {
  key: string;
  itemId: string;
  unitId: string;
  arabicName: string;
  englishName: string;
  quantity: string;
  /** The unit price without VAT (four decimals at most). */
  price: string;
  /** A percentage of the line's gross. */
  discount: string;
  taxCategory: 'S' | 'E';
  taxRate: string;
  /** A scale label's line: a second label is a second line, never more of the first. */
  weighed: boolean;
}

export interface CartPayment {
  paymentMethodId: string;
  kind: string;
  amount: string;
}

export interface Cart {
  lines: CartLine[];
  payments: CartPayment[];
  customerId: string | null;
  onCredit: boolean;
  /** A held invoice this sale retrieved (issued as that document). */
  invoiceId: string | null;
  selected: string | null;
}

export const emptyCart = (customerId: string | null): Cart => ({
  lines: [],
  payments: [],
  customerId,
  onCredit: false,
  invoiceId: null,
  selected: null,
});

/** The unit's own sales price, else the item's times the unit's rate (prices keep four decimals). */
export function unitPrice(item: PosCatalogItem, unitId: string): string {
  const unit = item.units.find((u) => u.unitId === unitId);
  if (unit?.salesPrice) return dec(unit.salesPrice).toFixed();
  const base = dec(item.salesPrice ?? '0');
  const rate = unitId === item.mainUnitId ? dec(1) : dec(unit?.conversionRate ?? '1');
  return base.times(rate).toDecimalPlaces(4).toFixed();
}

let seq = 0;
const keyOf = () => `l${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A scan's line: the same item in the same unit again raises its quantity; a weighed one is a line of its own. */
export function addItem(
  cart: Cart,
  item: PosCatalogItem,
  unitId: string,
  options: { weight?: string; labelPrice?: string } = {},
): Cart {
  const weighed = options.weight !== undefined || options.labelPrice !== undefined;
  if (!weighed) {
    const same = cart.lines.find((l) => !l.weighed && l.itemId === item.id && l.unitId === unitId);
    if (same)
      return {
        ...cart,
        selected: same.key,
        lines: cart.lines.map((l) =>
          l === same ? { ...l, quantity: dec(l.quantity).plus(1).toFixed() } : l,
        ),
      };
  }
  let price = unitPrice(item, unitId);
  let quantity = options.weight ?? '1';
  // a price label says what the goods cost with VAT: one of them at that price, VAT taken out (four decimals)
  if (options.labelPrice !== undefined) {
    quantity = '1';
    price = dec(options.labelPrice)
      .dividedBy(dec(1).plus(dec(item.taxRate).dividedBy(100)))
      .toDecimalPlaces(4)
      .toFixed();
  }
  const line: CartLine = {
    key: keyOf(),
    itemId: item.id,
    unitId,
    arabicName: item.arabicName,
    englishName: item.englishName,
    quantity,
    price,
    discount: '0',
    taxCategory: item.taxCategory,
    taxRate: item.taxRate,
    weighed,
  };
  return { ...cart, lines: [...cart.lines, line], selected: line.key };
}

export type LineField = 'quantity' | 'price' | 'discount';

/** Why a key's value is refused at the till (before the server's own check of the user's rights). */
export type LineRefusal = 'invalidNumber' | 'discountAboveLimit' | 'priceRaised' | 'zeroQuantity';

export interface UserRights {
  /** The user's maxAllowedDiscount, a percentage. */
  maxDiscount: string;
  canRaisePrice: boolean;
}

/** The selected line's quantity, price or discount, within the user's rights (the server checks them again). */
export function setLineField(
  cart: Cart,
  key: string,
  field: LineField,
  value: string,
  rights: UserRights,
  listPrice: string,
): { cart: Cart } | { refused: LineRefusal } {
  const v = value.trim();
  if (!/^\d+(\.\d+)?$/.test(v)) return { refused: 'invalidNumber' };
  const d = dec(v);
  if (field === 'quantity' && d.isZero()) return { refused: 'zeroQuantity' };
  if (field === 'discount' && (d.greaterThan(100) || d.greaterThan(rights.maxDiscount)))
    return { refused: 'discountAboveLimit' };
  if (field === 'price' && d.greaterThan(listPrice) && !rights.canRaisePrice)
    return { refused: 'priceRaised' };
  return {
    cart: { ...cart, lines: cart.lines.map((l) => (l.key === key ? { ...l, [field]: d.toFixed() } : l)) },
  };
}

export const removeLine = (cart: Cart, key: string): Cart => {
  const lines = cart.lines.filter((l) => l.key !== key);
  return { ...cart, lines, selected: lines.at(-1)?.key ?? null };
};

/** The sale's totals (BT-106 to BT-112); refused arithmetic (a discount above the gross) throws as the server would. */
export function cartTotals(cart: Cart): InvoiceTotals {
  return invoiceTotals({
    lines: cart.lines.map((l) => ({
      quantity: l.quantity,
      price: l.price,
      discount: dec(l.discount).isZero() ? null : { kind: 'percentage', value: l.discount },
      taxCategory: l.taxCategory,
      taxRate: l.taxRate,
    })),
  });
}

export type PaymentRefusal = 'sameMethodTwice' | 'invalidAmount' | 'overpaidByCard';

/**
 * A payment by one method; the same method twice is refused (change its amount instead). Only cash may exceed
 * what is due: the rest is the change.
 */
export function addPayment(cart: Cart, payment: CartPayment): { cart: Cart } | { refused: PaymentRefusal } {
  if (cart.payments.some((p) => p.paymentMethodId === payment.paymentMethodId))
    return { refused: 'sameMethodTwice' };
  if (!/^\d+(\.\d+)?$/.test(payment.amount) || dec(payment.amount).isZero())
    return { refused: 'invalidAmount' };
  const due = dueOf(cart);
  if (payment.kind !== 'cash' && dec(payment.amount).greaterThan(due)) return { refused: 'overpaidByCard' };
  return {
    cart: { ...cart, payments: [...cart.payments, { ...payment, amount: dec(payment.amount).toFixed() }] },
  };
}

export const removePayment = (cart: Cart, paymentMethodId: string): Cart => ({
  ...cart,
  payments: cart.payments.filter((p) => p.paymentMethodId !== paymentMethodId),
});

const paidOf = (cart: Cart) => cart.payments.reduce((sum, p) => sum.plus(p.amount), dec(0));

/** What is left to pay (never below zero). */
export function dueOf(cart: Cart) {
  const left = dec(cartTotals(cart).taxInclusive).minus(paidOf(cart));
  return left.isNegative() ? dec(0) : left;
}

/** The change for cash: what was paid above the total (only cash can be). */
export function changeOf(cart: Cart): string {
  const over = paidOf(cart).minus(cartTotals(cart).taxInclusive);
  return (over.isNegative() ? dec(0) : over).toFixed(2);
}

/** Why the sale cannot be issued yet: nothing sold, no customer, or not fully paid (unless on credit). */
export function issueRefusal(cart: Cart): 'emptySale' | 'noCustomer' | 'notFullyPaid' | null {
  if (cart.lines.length === 0) return 'emptySale';
  if (!cart.customerId) return 'noCustomer';
  if (!cart.onCredit && dueOf(cart).greaterThan(0)) return 'notFullyPaid';
  return null;
}

/**
 * The invoice the till sends: the lines from the branch's default store, the payments as received less the cash
 * change (the invoice records what stays in the drawer).
 */
export function saleInputOf(cart: Cart, storeId: string, date: string): TillSaleInput['sale'] {
  const total = dec(cartTotals(cart).taxInclusive);
  let change = dec(changeOf(cart));
  const payments = cart.payments.map((p) => {
    if (p.kind !== 'cash' || change.isZero()) return { paymentMethodId: p.paymentMethodId, amount: p.amount };
    const kept = dec(p.amount).minus(change);
    change = dec(0);
    return { paymentMethodId: p.paymentMethodId, amount: kept.toFixed() };
  });
  return {
    date,
    referenceNumber: '',
    notes: '',
    customerId: cart.customerId,
    paymentType: cart.onCredit && total.greaterThan(paidOf(cart)) ? 'onCredit' : 'cash',
    lines: cart.lines.map((l) => ({
      itemId: l.itemId,
      unitId: l.unitId,
      storeId,
      quantity: l.quantity,
      price: l.price,
      ...(dec(l.discount).isZero() ? {} : { discountType: 'percentage', discount: l.discount }),
      taxCategory: l.taxCategory,
      taxRate: l.taxRate,
    })),
    payments: payments.filter((p) => !dec(p.amount).isZero()),
  } as TillSaleInput['sale'];
}

export { InvoiceArithmeticError };
