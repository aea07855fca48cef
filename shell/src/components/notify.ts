import { useCallback } from 'react';
import { useShellDispatch } from '../state/store';
import { noticeAdded } from '../state/ui';

/** Spec section 8: success alerts (2 s) for saves, toasts (3 s) for lighter news; texts are shell keys. */
export function useNotify() {
  const dispatch = useShellDispatch();
  return {
    saved: useCallback(
      (detailKey = 'screens.common.savedSuccessfully') =>
        dispatch(
          noticeAdded({ kind: 'alert', severity: 'success', summaryKey: 'alerts.successTitle', detailKey }),
        ),
      [dispatch],
    ),
    toast: useCallback(
      (detailKey: string) =>
        dispatch(
          noticeAdded({ kind: 'toast', severity: 'success', summaryKey: 'alerts.successTitle', detailKey }),
        ),
      [dispatch],
    ),
    error: useCallback(
      (detailKey: string) =>
        dispatch(
          noticeAdded({ kind: 'alert', severity: 'error', summaryKey: 'alerts.errorTitle', detailKey }),
        ),
      [dispatch],
    ),
  };
}
