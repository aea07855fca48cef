import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission as P } from '@erp/contracts';
import { nameOf, useFeature } from '@erp/ui-kit';
import { salesPaths } from '../../paths';
import { problemOf } from './use-till-sync';
import type { ShiftSafe } from './use-till-shift';

type Fail = (key: string, params?: Record<string, unknown>) => void;

/**
 * No open shift: the till sells nothing until the cashier opens one on a safe of the branch with the opening
 * balance in the drawer (the shifts' own open endpoint).
 */
export function OpenShiftPanel({
  safes,
  onOpen,
  fail,
}: {
  safes: readonly ShiftSafe[];
  onOpen: (safeId: string, openingBalance: string) => Promise<void>;
  fail: Fail;
}) {
  const { t } = useTranslation();
  const { language } = useFeature();
  const [safeId, setSafeId] = useState('');
  const [balance, setBalance] = useState('');
  const [busy, setBusy] = useState(false);
  const chosen = safeId || safes[0]?.id || '';
  return (
    <div className="erp-till__panel erp-till__shift" data-testid="till-shift-panel">
      <strong>{t('pos.noShift')}</strong>
      <label htmlFor="till-shift-safe">{t('shifts.safe')}</label>
      <select
        id="till-shift-safe"
        data-testid="till-shift-safe"
        value={chosen}
        onChange={(e) => setSafeId(e.target.value)}
      >
        {safes.map((s) => (
          <option key={s.id} value={s.id}>
            {s.code} {nameOf(s, language)}
          </option>
        ))}
      </select>
      <label htmlFor="till-shift-balance">{t('shifts.openingBalance')}</label>
      <input
        id="till-shift-balance"
        data-testid="till-shift-balance"
        inputMode="decimal"
        autoFocus
        value={balance}
        onChange={(e) => setBalance(e.target.value)}
      />
      <button
        type="button"
        data-testid="till-shift-open"
        disabled={busy || !chosen}
        onClick={() => {
          const amount = balance.trim() || '0';
          if (!/^\d+(\.\d{1,4})?$/.test(amount)) return fail('invalidAmount');
          setBusy(true);
          onOpen(chosen, amount)
            .catch((e: unknown) => {
              const p = problemOf(e);
              fail(p.status ? 'shiftRefused' : 'shiftNeedsNetwork', { detail: p.message ?? '' });
            })
            .finally(() => setBusy(false));
        }}
      >
        {t('shifts.open')}
      </button>
    </div>
  );
}

/**
 * The till bar's way to close the shift: the sales waiting on this till are sent first (a shift's close counts
 * what the server has), then the shifts' own close screen takes the counted cash. Only with closeSafes.
 */
export function CloseShiftButton({
  shift,
  sendWaiting,
  fail,
}: {
  shift: { id: string; code: string } | null;
  sendWaiting: () => Promise<number>;
  fail: Fail;
}) {
  const { t } = useTranslation();
  const context = useFeature();
  if (!shift || !context.can(P.closeSafes)) return null;
  return (
    <button
      type="button"
      className="erp-till__exit"
      data-testid="till-shift-close"
      onClick={() =>
        void sendWaiting().then((left) =>
          left > 0
            ? fail('closeWithWaiting', { count: left })
            : context.navigate(salesPaths.closeSafeTransaction.replace(':id', shift.id)),
        )
      }
    >
      {t('pos.closeShift', { code: shift.code })}
    </button>
  );
}
