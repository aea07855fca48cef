import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal, type PosCatalogItem, type PosLookups } from '@erp/contracts';
import { nameOf, useFeature } from '@erp/ui-kit';
import { searchItems, type BarcodeIndex } from './barcode-index';
import type { Cart } from './cart';
import type { HeldInvoice } from './use-held-sales';

/** F2: item search by name (Arabic or English), code or barcode, in the till's own catalogue. */
export function SearchPanel({
  index,
  onPick,
}: {
  index: { current: BarcodeIndex };
  onPick: (item: PosCatalogItem) => void;
}) {
  const { t } = useTranslation();
  const { language } = useFeature();
  const [search, setSearch] = useState('');
  const found = useMemo(() => searchItems(index.current, search), [index, search]);
  return (
    <div className="erp-till__panel" data-testid="till-search-panel">
      <input
        autoFocus
        data-testid="till-search"
        aria-label={t('pos.search')}
        value={search}
        placeholder={t('pos.search')}
        onChange={(e) => setSearch(e.target.value)}
      />
      <ul>
        {found.map((item) => (
          <li key={item.id}>
            <button type="button" onClick={() => onPick(item)}>
              {item.code} {nameOf(item, language)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** F7: the customer by phone, and whether the sale goes on credit. */
export function CustomerPanel({
  cart,
  onFind,
  onCredit,
}: {
  cart: Cart;
  onFind: (phone: string) => boolean;
  onCredit: (onCredit: boolean) => void;
}) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  return (
    <div className="erp-till__panel">
      <input
        autoFocus
        data-testid="till-phone"
        aria-label={t('pos.phone')}
        value={phone}
        placeholder={t('pos.phone')}
        onChange={(e) => setPhone(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && onFind(phone) && setPhone('')}
      />
      <label>
        <input type="checkbox" checked={cart.onCredit} onChange={(e) => onCredit(e.target.checked)} />
        {t('pos.onCredit')}
      </label>
    </div>
  );
}

/** F10: payments by method (each once), then issue. */
export function PayPanel({
  cart,
  lookups,
  onPay,
  onRemove,
  onIssue,
}: {
  cart: Cart;
  lookups: PosLookups;
  onPay: (methodId: string, amount: string) => boolean;
  onRemove: (methodId: string) => void;
  onIssue: () => void;
}) {
  const { t } = useTranslation();
  const { language, decimals } = useFeature();
  const [method, setMethod] = useState('');
  const [amount, setAmount] = useState('');
  const pay = () => onPay(method, amount) && setAmount('');
  return (
    <div className="erp-till__panel" data-testid="till-pay-panel">
      <select
        data-testid="till-pay-method"
        aria-label={t('pos.paymentMethod')}
        value={method}
        onChange={(e) => setMethod(e.target.value)}
      >
        <option value="">{t('pos.paymentMethod')}</option>
        {lookups.paymentMethods.map((m) => (
          <option key={m.id} value={m.id}>
            {nameOf(m, language)}
          </option>
        ))}
      </select>
      <input
        data-testid="till-pay-amount"
        aria-label={t('pos.amount')}
        value={amount}
        placeholder={t('pos.amount')}
        onChange={(e) => setAmount(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && pay()}
      />
      <button type="button" data-testid="till-pay-add" onClick={pay}>
        {t('pos.addPayment')}
      </button>
      <ul data-testid="till-payments">
        {cart.payments.map((p) => (
          <li key={p.paymentMethodId}>
            {nameOf(lookups.paymentMethods.find((m) => m.id === p.paymentMethodId) ?? {}, language)}{' '}
            {formatDecimal(p.amount, decimals)}
            <button type="button" onClick={() => onRemove(p.paymentMethodId)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="erp-till__issue" data-testid="till-issue" onClick={onIssue}>
        {t('pos.issue')}
      </button>
    </div>
  );
}

/** F9: the branch's hung invoices, each retrievable once. */
export function HungPanel({ held, onRetrieve }: { held: HeldInvoice[]; onRetrieve: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="erp-till__panel" data-testid="till-hung-panel">
      {held.length === 0 && <p>{t('pos.noHung')}</p>}
      <ul>
        {held.map((h) => (
          <li key={h.id}>
            <button type="button" data-testid="till-retrieve" onClick={() => onRetrieve(h.id)}>
              {h.code} — {h.date}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
