import { useState } from 'react';
import { posRoutes } from '@erp/contracts';
import { useFeature } from '@erp/ui-kit';
import { localToday } from '@erp/i18n';
import type { BarcodeIndex } from './barcode-index';
import { addItem, emptyCart, saleInputOf, type Cart } from './cart';
import { problemOf } from './use-till-sync';

export interface HeldInvoice {
  id: string;
  code: string;
  date: string;
  totalValue: string;
}

type Fail = (key: string, params?: Record<string, unknown>) => void;

/**
 * Hold and retrieve (issue 15 deliverable 3): a held sale is a held sales invoice on the server, so any till of
 * the branch can list it ('hung invoices') and retrieve it once; these need the network, a sale does not. The
 * till's own routes (/api/PointOfSale/Held), which need only the till's permission.
 */
export function useHeldSales(index: { current: BarcodeIndex }, storeId: string, fail: Fail) {
  const { api } = useFeature();
  const [held, setHeld] = useState<HeldInvoice[]>([]);

  /** Holds the cart; true when the server took it. */
  async function hold(cart: Cart): Promise<boolean> {
    if (cart.lines.length === 0) return (fail('emptySale'), false);
    if (!storeId) return (fail('noStore'), false);
    try {
      const sale = saleInputOf({ ...cart, payments: [] }, storeId, localToday());
      if (cart.invoiceId) await api.put(posRoutes.listHeld.path, sale, cart.invoiceId, { quiet: true });
      else await api.post(posRoutes.holdSale.path, sale, { quiet: true });
      return true;
    } catch (e) {
      const p = problemOf(e);
      // the server's own words, field by field (a line's quantity, a closed period...)
      const fields = (p.problem?.errors ?? []).map((f) => `${f.field}: ${f.message ?? ''}`).join('، ');
      fail(p.status ? 'holdRefused' : 'holdNeedsNetwork', { detail: fields || p.message || '' });
      return false;
    }
  }

  /** Loads the branch's held invoices; true when the list came. */
  async function loadHeld(): Promise<boolean> {
    try {
      const list = await api.get<{ items: HeldInvoice[] }>(posRoutes.listHeld.path, undefined, {
        quiet: true,
      });
      setHeld(list.items);
      return true;
    } catch {
      fail('holdNeedsNetwork');
      return false;
    }
  }

  /** Retrieves a held invoice into a new cart (null when refused). */
  async function retrieve(id: string, defaultCustomer: string | null): Promise<Cart | null> {
    try {
      const doc = await api.post<{ id: string; customerId: string | null; lines: Record<string, unknown>[] }>(
        posRoutes.retrieveHeld.path.replace(':id', id),
        undefined,
        { quiet: true },
      );
      let next: Cart = { ...emptyCart(doc.customerId ?? defaultCustomer), invoiceId: doc.id };
      for (const l of doc.lines) {
        const item = index.current.byId.get(String(l.itemId));
        if (!item) continue;
        next = addItem(next, item, String(l.unitId), { weight: String(l.quantity) });
        const key = next.selected!;
        next = {
          ...next,
          lines: next.lines.map((x) =>
            x.key === key ? { ...x, price: String(l.price), discount: String(l.discount ?? '0') || '0' } : x,
          ),
        };
      }
      return next;
    } catch (e) {
      fail(problemOf(e).status === 409 ? 'alreadyRetrieved' : 'holdNeedsNetwork');
      return null;
    }
  }

  return { held, hold, loadHeld, retrieve };
}
