import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultPosConfiguration, formatDecimal, Permission as P, type PosLookups } from '@erp/contracts';
import { localToday } from '@erp/i18n';
import { nameOf, useFeature, type FeatureLocation } from '@erp/ui-kit';
import { salesPaths } from '../../paths';
import { lookupScan } from './barcode-index';
import {
  addItem,
  addPayment,
  cartTotals,
  changeOf,
  dueOf,
  emptyCart,
  issueRefusal,
  removeLine,
  removePayment,
  saleInputOf,
  setLineField,
  type Cart,
  type LineField,
} from './cart';
import { QuickItems } from './QuickItems';
import { ReturnPanel } from './ReturnPanel';
import { isReceiptQr } from './till-return';
import { makeSale, readMeta, waitingCount } from './till-db';
import { TillReceipt, useTillReceipt } from './TillReceipt';
import { CloseShiftButton, OpenShiftPanel } from './TillShift';
import { tillCss } from './till-css';
import { TillBar } from './TillBar';
import { CustomerPanel, HungPanel, PayPanel, SearchPanel } from './TillPanels';
import { useHeldSales } from './use-held-sales';
import { useTillShift } from './use-till-shift';
import { useTillQuotation } from './use-till-quotation';
import { useTillReturn } from './use-till-return';
import { useTillSync } from './use-till-sync';

/**
 * /point-of-sale (issue 15): the till, full screen and keyboard-first. The scan field keeps the focus; a scan is
 * looked up in the in-memory index of the till's offline catalogue (never the network); a sale is made on the
 * till (its final number and hash) and stored in IndexedDB before anything is sent; the outbox is sent in order
 * whenever the server answers. Keys: Enter scans, F2 search, F4 quantity, F5 price, F6 discount, Delete removes
 * the line, F7 customer by phone, F8 hold, F9 hung invoices, F10 pay, F3 a return. The same screen is the POS
 * quotation (/pos-quotation: F10 saves a quotation) and opens on the hung invoices at /hung-invoices.
 */
export function PointOfSaleScreen({ location }: { location?: FeatureLocation }) {
  const quoting = location?.route === salesPaths.posQuotation;
  const context = useFeature();
  const { language, decimals, branch } = context;
  const { t } = useTranslation();
  const [cart, setCart] = useState<Cart>(() => emptyCart(branch?.defaultCustomerId ?? null));
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const onKept = useCallback(() => setMessage({ kind: 'error', text: t('pos.keptForSupervisor') }), [t]);
  const {
    db,
    meta,
    setMeta,
    index: indexRef,
    catalogSize,
    online,
    waiting,
    setWaiting,
    kept,
    flush,
    tabs,
  } = useTillSync(onKept);
  const [keyField, setKeyField] = useState<LineField | null>(null);
  const [keyValue, setKeyValue] = useState('');
  const [panel, setPanel] = useState<'none' | 'search' | 'pay' | 'hung' | 'customer' | 'return'>('none');
  const [lastReceipt, setLastReceipt] = useState<string | null>(null);
  const scanRef = useRef<HTMLInputElement>(null);
  const storeId = branch?.defaultStoreId ?? '';

  const config = meta?.config ?? defaultPosConfiguration;
  const lookups: PosLookups = meta?.lookups ?? { units: [], paymentMethods: [], customers: [] };
  // the branch's default customer, else the tenant's cash customer (spec section 5)
  const defaultCustomer =
    branch?.defaultCustomerId ?? lookups.customers.find((c) => c.isCashCustomer)?.id ?? null;
  // on the next frame, unless a line's key field (F4-F6) opened meanwhile and has the focus: a click's refocus
  // firing after the F5 that followed it took the price field's focus, and the typed price went to the scan field.
  // Nor from a field of a panel that keeps its focus (data-keeps-focus): a refused return quantity's refocus
  // fired after the cashier had clicked back into the quantity, and the corrected figure went to the scan field
  const refocus = useCallback(
    () =>
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (active?.id === 'till-key' || active?.closest('[data-keeps-focus]')) return;
        scanRef.current?.focus();
      }),
    [],
  );
  const fail = useCallback(
    (key: string, params?: Record<string, unknown>) => {
      setMessage({ kind: 'error', text: t(`pos.errors.${key}`, { defaultValue: key, ...params }) });
      refocus();
    },
    [t, refocus],
  );
  const holds = useHeldSales(indexRef, storeId, fail);
  const reloadMeta = useCallback(async () => {
    if (db) setMeta(await readMeta(db));
  }, [db, setMeta]);
  const shift = useTillShift(db, meta, reloadMeta);
  const receipt = useTillReceipt(db, meta, indexRef, lookups, reloadMeta, fail);
  // no open shift: the till offers to open one (its fields keep the focus) and sells nothing before
  const needsShift = !quoting && shift.known && !shift.shift;
  const ret = useTillReturn(lookups, fail);
  const saveQuotation = useTillQuotation(storeId, fail);
  const mayReturn = !quoting && context.can(P.addReturnSalesTransactions);

  useEffect(() => {
    refocus();
  }, [refocus]);
  // the menu's 'hung invoices' opens the till on them
  const openHung = location?.route === salesPaths.hungInvoices;
  useEffect(() => {
    if (openHung) void holds.loadHeld().then((ok) => ok && setPanel('hung'));
  }, [openHung]);
  useEffect(() => {
    if (defaultCustomer) setCart((c) => (c.customerId ? c : { ...c, customerId: defaultCustomer }));
  }, [defaultCustomer]);

  const selected = cart.lines.find((l) => l.key === cart.selected) ?? null;
  const totals = useMemo(() => cartTotals(cart), [cart]);
  const money = (v: string) => formatDecimal(v, decimals);
  const customer = lookups.customers.find((c) => c.id === cart.customerId);

  function scan(code: string) {
    // the receipt's QR scanned into the scan field: the customer brought something back
    if (mayReturn && isReceiptQr(code)) {
      setMessage(null);
      setPanel('return');
      void ret.find(code);
      return;
    }
    const result = lookupScan(indexRef.current, code, config);
    if (result.kind === 'refused') return fail(result.reason);
    setMessage(null);
    setCart((c) =>
      result.kind === 'item'
        ? addItem(c, result.item, result.unitId)
        : addItem(c, result.item, result.unitId, {
            ...(result.weight !== undefined ? { weight: result.weight } : {}),
            ...(result.price !== undefined ? { labelPrice: result.price } : {}),
          }),
    );
  }

  function applyKey() {
    if (!selected || !keyField) return;
    const item = indexRef.current.byId.get(selected.itemId);
    const listPrice = item
      ? (item.units.find((u) => u.unitId === selected.unitId)?.salesPrice ?? item.salesPrice ?? '0')
      : '0';
    // the cashier's own limits as the server sent them with the lookups (kept offline), the ones it enforces at
    // sync: nothing beyond them makes a receipt the server would refuse
    const me = lookups.me?.userId === context.user.userId ? lookups.me : null;
    const rights = context.isAdmin
      ? { maxDiscount: '100', canRaisePrice: true }
      : { maxDiscount: me?.maxAllowedDiscount ?? '0', canRaisePrice: me?.canRaisePrice ?? false };
    const out = setLineField(cart, selected.key, keyField, keyValue, rights, listPrice);
    if ('refused' in out) {
      // refused: the line stays as it was, the key closed, the scan field ready for the next scan
      setKeyField(null);
      setKeyValue('');
      return fail(out.refused, { limit: rights.maxDiscount });
    }
    setCart(out.cart);
    setKeyField(null);
    setKeyValue('');
    refocus();
  }

  function findCustomer(phone: string): boolean {
    const digits = phone.replace(/\D/g, '');
    const found = lookups.customers.find(
      (c) => c.phone && c.phone.replace(/\D/g, '').endsWith(digits) && digits.length >= 6,
    );
    if (!found) return (fail('customerNotFound'), false);
    setCart((c) => ({ ...c, customerId: found.id }));
    setPanel('none');
    refocus();
    return true;
  }

  function pay(methodId: string, typed: string): boolean {
    const method = lookups.paymentMethods.find((m) => m.id === methodId);
    if (!method) return (fail('choosePaymentMethod'), false);
    const amount = typed.trim() || dueOf(cart).toFixed(2);
    const out = addPayment(cart, { paymentMethodId: method.id, kind: method.kind, amount });
    if ('refused' in out) return (fail(out.refused), false);
    setCart(out.cart);
    setMessage(null);
    return true;
  }

  async function issue() {
    if (!db) return;
    const refusal = issueRefusal(cart);
    if (refusal) return fail(refusal);
    if (!storeId) return fail('noStore');
    if (!shift.shift) return fail('noShift');
    const entry = await makeSale(db, saleInputOf(cart, storeId, localToday()), cart.invoiceId);
    await receipt.remember(entry, changeOf(cart));
    setLastReceipt(entry.number);
    setCart(emptyCart(defaultCustomer));
    setPanel('none');
    setMessage({ kind: 'info', text: t('pos.issued', { number: entry.number }) });
    setWaiting(await waitingCount(db));
    setMeta(await readMeta(db));
    refocus();
    void flush();
  }

  async function quote() {
    const made = await saveQuotation(cart);
    if (made) {
      setCart(emptyCart(defaultCustomer));
      setMessage({ kind: 'info', text: t('posQuotationTill.saved', { code: made.code }) });
    }
    refocus();
  }

  async function issueReturn() {
    const made = await ret.issue();
    if (made) {
      setPanel('none');
      setMessage({
        kind: 'info',
        text: t('tillReturn.issued', { code: made.code, refund: formatDecimal(made.refund, decimals) }),
      });
      refocus();
    }
  }

  async function hold() {
    if (await holds.hold(cart)) {
      setCart(emptyCart(defaultCustomer));
      setMessage({ kind: 'info', text: t('pos.held') });
    }
    refocus();
  }

  async function showHung() {
    if (await holds.loadHeld()) setPanel('hung');
  }

  async function retrieve(id: string) {
    const next = await holds.retrieve(id, defaultCustomer);
    if (next) {
      setCart(next);
      setPanel('none');
      setMessage({ kind: 'info', text: t('pos.retrieved') });
    }
    refocus();
  }

  function onKey(e: Pick<KeyboardEvent, 'key' | 'preventDefault'>) {
    const keys: Record<string, () => void> = {
      F2: () => setPanel('search'),
      F4: () => selected && setKeyField('quantity'),
      F5: () => selected && setKeyField('price'),
      F6: () => selected && setKeyField('discount'),
      F7: () => setPanel('customer'),
      ...(quoting
        ? { F10: () => void quote() }
        : {
            F8: () => void hold(),
            F9: () => void showHung(),
            F10: () => setPanel('pay'),
            ...(mayReturn ? { F3: () => setPanel('return') } : {}),
          }),
      Escape: () => {
        ret.reset();
        setPanel('none');
        setKeyField(null);
        refocus();
      },
    };
    const run = keys[e.key];
    if (run) {
      e.preventDefault();
      run();
    }
  }

  // A function key pressed while the focus is on no element (the page's body: after a click on a line, until the
  // scan field takes the focus back on the next frame) is the till's too: it was lost. (Not Escape: from the body
  // it is an open dialog's, which a re-render here would stop from hearing it.)
  const onKeyRef = useRef(onKey);
  onKeyRef.current = onKey;
  useEffect(() => {
    const listener = (e: globalThis.KeyboardEvent) => {
      if (e.target === document.body && /^F\d+$/.test(e.key)) onKeyRef.current(e);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  return (
    <div className="erp-till" data-testid="till" dir={context.dir} onKeyDown={onKey}>
      <style>{tillCss}</style>
      <TillBar
        meta={meta}
        online={online}
        waiting={waiting}
        catalogSize={catalogSize}
        kept={kept}
        lastReceipt={lastReceipt}
        onExit={() => context.navigate('/')}
      >
        <CloseShiftButton
          shift={shift.shift}
          fail={fail}
          sendWaiting={async () => {
            await flush();
            return db ? waitingCount(db) : 0;
          }}
        />
      </TillBar>
      {tabs && (
        <div className="erp-till__mode" role="alert" data-testid="till-tabs">
          {t(tabs === 'blocked' ? 'pos.olderTabOpen' : 'pos.replacedByNewerTab')}{' '}
          {tabs === 'replaced' && (
            <button type="button" data-testid="till-reload" onClick={() => window.location.reload()}>
              {t('pos.reload')}
            </button>
          )}
        </div>
      )}
      {quoting && (
        <div className="erp-till__mode" data-testid="till-mode">
          {t('posQuotationTill.mode')}
        </div>
      )}
      <div className="erp-till__main">
        <section className="erp-till__sale">
          <input
            ref={scanRef}
            className="erp-till__scan"
            data-testid="till-scan"
            aria-label={t('pos.scan')}
            placeholder={t('pos.scan')}
            autoComplete="off"
            inputMode="numeric"
            onBlur={() => panel === 'none' && !keyField && !receipt.open && !needsShift && refocus()}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              const code = e.currentTarget.value;
              e.currentTarget.value = '';
              if (code.trim()) scan(code);
            }}
          />
          {message && (
            <div
              role="alert"
              className={`erp-till__message erp-till__message--${message.kind}`}
              data-testid="till-message"
            >
              {message.text}
            </div>
          )}
          <table className="erp-till__lines" data-testid="till-lines">
            <thead>
              <tr>
                <th>{t('pos.item')}</th>
                <th>{t('pos.quantity')}</th>
                <th>{t('pos.price')}</th>
                <th>{t('pos.discount')}</th>
                <th>{t('pos.lineTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {cart.lines.map((l, i) => (
                <tr
                  key={l.key}
                  data-testid="till-line"
                  data-selected={l.key === cart.selected}
                  onClick={() => setCart((c) => ({ ...c, selected: l.key }))}
                >
                  <td>{nameOf(l, language)}</td>
                  <td data-testid="till-line-quantity">{l.quantity}</td>
                  <td>{l.price}</td>
                  <td>{l.discount}%</td>
                  <td>{money(totals.lines[i]?.net ?? '0')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {keyField && selected && (
            <div className="erp-till__key">
              <label htmlFor="till-key">{t(`pos.${keyField}`)}</label>
              <input
                id="till-key"
                data-testid="till-key"
                autoFocus
                value={keyValue}
                onChange={(e) => setKeyValue(e.target.value)}
                onKeyDown={(e) => e.key === 'Enter' && applyKey()}
              />
              <button
                type="button"
                onClick={() => {
                  setCart((c) => removeLine(c, selected.key));
                  setKeyField(null);
                  refocus();
                }}
              >
                {t('pos.removeLine')}
              </button>
            </div>
          )}
          <QuickItems
            index={indexRef}
            version={catalogSize}
            onPick={(item) => {
              setMessage(null);
              setCart((c) => addItem(c, item, item.mainUnitId!));
              refocus();
            }}
          />
        </section>
        <aside className="erp-till__side">
          <div className="erp-till__totals" data-testid="till-totals">
            <div>
              {t('pos.subtotal')} <span>{money(totals.taxExclusive)}</span>
            </div>
            <div>
              {t('pos.vat')} <span>{money(totals.vat)}</span>
            </div>
            <div className="erp-till__grand">
              {t('pos.total')} <span data-testid="till-total">{money(totals.taxInclusive)}</span>
            </div>
            <div>
              {t('pos.due')} <span data-testid="till-due">{money(dueOf(cart).toFixed(2))}</span>
            </div>
            <div>
              {t('pos.change')} <span data-testid="till-change">{money(changeOf(cart))}</span>
            </div>
          </div>
          <div data-testid="till-customer">
            {t('pos.customer')}: {customer ? nameOf(customer, language) : '—'}
          </div>
          {cart.invoiceId && <div data-testid="till-retrieved">{t('pos.retrievedSale')}</div>}
          <div className="erp-till__buttons">
            <button type="button" data-testid="till-search-open" onClick={() => setPanel('search')}>
              F2 {t('pos.search')}
            </button>
            <button type="button" data-testid="till-customer-open" onClick={() => setPanel('customer')}>
              F7 {t('pos.customerByPhone')}
            </button>
            {quoting ? (
              <button type="button" data-testid="till-quotation-save" onClick={() => void quote()}>
                F10 {t('posQuotationTill.save')}
              </button>
            ) : (
              <>
                <button type="button" data-testid="till-hold" onClick={() => void hold()}>
                  F8 {t('pos.hold')}
                </button>
                <button type="button" data-testid="till-hung" onClick={() => void showHung()}>
                  F9 {t('pos.hung')}
                </button>
                <button type="button" data-testid="till-pay" onClick={() => setPanel('pay')}>
                  F10 {t('pos.pay')}
                </button>
                <button type="button" data-testid="till-print" onClick={receipt.show}>
                  Ctrl+P {t('pos.printReceipt')}
                </button>
                {mayReturn && (
                  <button type="button" data-testid="till-return-open" onClick={() => setPanel('return')}>
                    F3 {t('tillReturn.title')}
                  </button>
                )}
              </>
            )}
          </div>
          {needsShift && (
            <OpenShiftPanel
              safes={shift.safes}
              onOpen={async (safeId, balance) => {
                await shift.open(safeId, balance);
                refocus();
              }}
              fail={fail}
            />
          )}
          {panel === 'search' && (
            <SearchPanel
              index={indexRef}
              onPick={(item) => {
                if (item.mainUnitId) setCart((c) => addItem(c, item, item.mainUnitId!));
                setPanel('none');
                refocus();
              }}
            />
          )}
          {panel === 'customer' && (
            <CustomerPanel
              cart={cart}
              onFind={findCustomer}
              onCredit={(onCredit) => setCart((c) => ({ ...c, onCredit }))}
            />
          )}
          {panel === 'pay' && (
            <PayPanel
              cart={cart}
              lookups={lookups}
              onPay={pay}
              onRemove={(id) => setCart((c) => removePayment(c, id))}
              onIssue={() => void issue()}
            />
          )}
          {panel === 'hung' && <HungPanel held={holds.held} onRetrieve={(id) => void retrieve(id)} />}
          {panel === 'return' && (
            <ReturnPanel index={indexRef} online={online} ret={ret} onIssue={() => void issueReturn()} />
          )}
        </aside>
        <TillReceipt receipt={receipt} onHide={refocus} />
      </div>
    </div>
  );
}
