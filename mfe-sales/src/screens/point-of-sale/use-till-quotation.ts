import { useRef } from 'react';
import { quotations } from '@erp/contracts';
import { localToday } from '@erp/i18n';
import { useFeature } from '@erp/ui-kit';
import { saleInputOf, type Cart } from './cart';
import { problemOf } from './use-till-sync';

type Fail = (key: string, params?: Record<string, unknown>) => void;

/** The quotation the till saves: the cart's lines and customer, no payments (a quotation promises, it is not paid). */
export function quotationInputOf(cart: Cart, storeId: string, date: string): Record<string, unknown> {
  const { payments: _payments, ...sale } = saleInputOf({ ...cart, payments: [] }, storeId, date);
  return { ...sale, paymentType: cart.onCredit ? 'onCredit' : 'cash' };
}

/**
 * POS quotations (spec section 2 'pos-quotation'; issue 15 deliverable 1): the same scan-first till saves the
 * cart as a sales quotation (`POST /api/Quotations`, addQuotations), which the back office then shows, prints and
 * converts into an order or an invoice. It needs the network. The Idempotency-Key stays the same while the cart
 * does, so pressing again after a lost answer saves one quotation, not two.
 */
export function useTillQuotation(storeId: string, fail: Fail) {
  const { api } = useFeature();
  const last = useRef<{ cart: Cart; key: string } | null>(null);

  return async function save(cart: Cart): Promise<{ id: string; code: string } | null> {
    if (cart.lines.length === 0) return (fail('emptySale'), null);
    if (!cart.customerId) return (fail('noCustomer'), null);
    if (!storeId) return (fail('noStore'), null);
    if (last.current?.cart !== cart) last.current = { cart, key: crypto.randomUUID() };
    try {
      return await api.post<{ id: string; code: string }>(
        quotations.apiPath,
        quotationInputOf(cart, storeId, localToday()),
        { headers: { 'Idempotency-Key': last.current.key }, quiet: true },
      );
    } catch (e) {
      const p = problemOf(e);
      const fields = (p.problem?.errors ?? []).map((f) => `${f.field}: ${f.message ?? ''}`).join('، ');
      fail(p.status ? 'quotationRefused' : 'quotationNeedsNetwork', { detail: fields || p.message || '' });
      return null;
    }
  };
}
