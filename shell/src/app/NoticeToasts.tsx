import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellDispatch, useShellSelector } from '../state/store';
import { noticesShown, type Notice } from '../state/ui';

/** Spec section 9: alerts stay 2 seconds, toasts 3 seconds. */
export const ALERT_MS = 2000;
export const TOAST_MS = 3000;

/**
 * Shows queued notices: alerts in the middle at the top (the spec's error and success alerts), toasts at the
 * inline end. Texts given as keys are translated in the language of the moment.
 */
export function NoticeToasts() {
  const notices = useShellSelector((s) => s.ui.notices);
  const dispatch = useShellDispatch();
  const { t } = useTranslation('shell');
  const alerts = useRef<Toast>(null);
  const toasts = useRef<Toast>(null);

  useEffect(() => {
    if (notices.length === 0) return;
    const text = (n: Notice, value?: string, key?: string) => value ?? (key ? t(key) : undefined);
    for (const n of notices) {
      const target = n.kind === 'alert' ? alerts.current : toasts.current;
      target?.show({
        severity: n.severity,
        summary: text(n, n.summary, n.summaryKey),
        detail: text(n, n.detail, n.detailKey),
        life: n.kind === 'alert' ? ALERT_MS : TOAST_MS,
      });
    }
    dispatch(noticesShown(notices.map((n) => n.id)));
  }, [notices, dispatch, t]);

  return (
    <>
      <Toast ref={alerts} position="top-center" className="erp-alerts" />
      <Toast ref={toasts} position="top-right" className="erp-toasts" />
    </>
  );
}
