import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { creditNoteReasons, formatDecimal } from '@erp/contracts';
import { label } from '@erp/i18n';
import { nameOf, useFeature } from '@erp/ui-kit';
import type { BarcodeIndex } from './barcode-index';
import type { useTillReturn } from './use-till-return';

/**
 * F3: a return at the till (issue 15 deliverable 8). The receipt's QR (a wedge scanner types its text, then
 * Enter) or its number; the original's lines with what each has left, the quantity to return of each, the reason
 * (ZATCA's credit-note reasons) and the refund's method (the original's own first, else cash); then one credit
 * note against the original.
 */
export function ReturnPanel({
  index,
  online,
  ret,
  onIssue,
}: {
  index: { current: BarcodeIndex };
  online: boolean;
  ret: ReturnType<typeof useTillReturn>;
  onIssue: () => void;
}) {
  const { t } = useTranslation();
  const { language, decimals } = useFeature();
  const [receipt, setReceipt] = useState('');
  const { original } = ret;
  const itemName = (id: string) => {
    const item = index.current.byId.get(id) ?? original?.names?.[id];
    return item ? nameOf(item, language) : id;
  };
  return (
    // its fields keep the focus the cashier put there: a refused quantity is corrected in place (till refocus)
    <div className="erp-till__panel" data-testid="till-return-panel" data-keeps-focus="">
      <strong>{t('tillReturn.title')}</strong>
      {!online && (
        <p className="erp-till__message erp-till__message--error">{t('tillReturn.needsNetwork')}</p>
      )}
      <input
        autoFocus
        data-testid="till-return-receipt"
        aria-label={t('tillReturn.receipt')}
        placeholder={t('tillReturn.receipt')}
        autoComplete="off"
        value={receipt}
        onChange={(e) => setReceipt(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          const text = receipt;
          setReceipt('');
          void ret.find(text);
        }}
      />
      {original && (
        <>
          <div data-testid="till-return-original">
            {t('tillReturn.original')}: {String(original.referenceNumber || original.code)} —{' '}
            {formatDecimal(
              String((original.money as { taxInclusive?: string } | undefined)?.taxInclusive ?? '0'),
              decimals,
            )}
          </div>
          <table className="erp-till__lines">
            <thead>
              <tr>
                <th>{t('pos.item')}</th>
                <th>{t('tillReturn.sold')}</th>
                <th>{t('tillReturn.left')}</th>
                <th>{t('tillReturn.toReturn')}</th>
              </tr>
            </thead>
            <tbody>
              {ret.lines.map((l) => (
                <tr key={l.lineNo} data-testid="till-return-line">
                  <td>{itemName(l.itemId)}</td>
                  <td>{l.sold}</td>
                  <td data-testid="till-return-left">{l.remaining}</td>
                  <td>
                    <input
                      data-testid="till-return-quantity"
                      aria-label={t('tillReturn.toReturn')}
                      inputMode="decimal"
                      size={5}
                      disabled={l.remaining === '0'}
                      defaultValue={ret.pick[l.lineNo] ?? ''}
                      key={`${l.lineNo}-${ret.pick[l.lineNo] ?? ''}`}
                      onBlur={(e) => {
                        if (!ret.setQuantity(l, e.target.value)) e.target.value = ret.pick[l.lineNo] ?? '';
                      }}
                      onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" data-testid="till-return-all" onClick={ret.all}>
            {t('tillReturn.all')}
          </button>
          <label>
            {t('tillReturn.reason')}{' '}
            <select
              data-testid="till-return-reason"
              value={ret.reason}
              onChange={(e) => ret.setReason(e.target.value)}
            >
              {creditNoteReasons.map((r) => (
                <option key={r} value={r}>
                  {label(language, `options.${r}`)}
                </option>
              ))}
            </select>
          </label>
          {original.paymentType === 'onCredit' ? (
            <p>{t('tillReturn.onCredit')}</p>
          ) : (
            <label>
              {t('tillReturn.refundBy')}{' '}
              <select
                data-testid="till-return-method"
                value={ret.refundMethodId}
                onChange={(e) => ret.setRefundMethodId(e.target.value)}
              >
                {ret.refundMethods.map((m) => (
                  <option key={m.id} value={m.id}>
                    {nameOf(m, language)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button
            type="button"
            className="erp-till__issue"
            data-testid="till-return-issue"
            disabled={ret.busy}
            onClick={onIssue}
          >
            {t('tillReturn.issue')}
          </button>
        </>
      )}
    </div>
  );
}
