import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TillSale } from '@erp/contracts';
import type { TillMeta } from './till-db';

/**
 * The till's status bar: which till, online or not, how many sales wait to be sent, how many items the till
 * keeps, the sales the server kept for a supervisor (with why), the last receipt's number, closing the shift,
 * and the way out.
 */
export function TillBar({
  meta,
  online,
  waiting,
  catalogSize,
  kept,
  lastReceipt,
  onExit,
  children,
}: {
  meta: TillMeta | null;
  online: boolean;
  waiting: number;
  catalogSize: number;
  kept: readonly TillSale[];
  lastReceipt: string | null;
  onExit: () => void;
  /** What else the bar offers (closing the shift). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <header className="erp-till__bar">
      <strong data-testid="till-code">
        {meta?.till ? `${meta.till.name} (${meta.till.code})` : t('pos.opening')}
      </strong>
      <span className={online ? 'erp-till__online' : 'erp-till__offline'} data-testid="till-online">
        {online ? t('pos.online') : t('pos.offline')}
      </span>
      <span data-testid="till-waiting" data-count={waiting}>
        {t('pos.waiting', { count: waiting })}
      </span>
      <span data-testid="till-catalog" data-count={catalogSize}>
        {t('pos.catalog', { count: catalogSize })}
      </span>
      {kept.length > 0 && (
        <span className="erp-till__offline" data-testid="till-kept">
          {t('pos.kept', { count: kept.length })}:{' '}
          {kept.map((k) => `${k.number} (${k.message ?? k.reason})`).join('، ')}
        </span>
      )}
      {lastReceipt && <span data-testid="till-last-receipt">{lastReceipt}</span>}
      {children}
      <button type="button" className="erp-till__exit" data-testid="till-exit" onClick={onExit}>
        {t('pos.exit')}
      </button>
    </header>
  );
}
