import type { ConfirmDialogProps } from 'primereact/confirmdialog';
import { lazy, Suspense, useState } from 'react';

const ConfirmDialog = lazy(() =>
  import('primereact/confirmdialog').then((m) => ({ default: m.ConfirmDialog })),
);

/**
 * PrimeReact's ConfirmDialog, fetched (with its Dialog, ≈ 12 KB gz) the first time it is asked to show: a
 * document form asks for a confirmation only on close, delete or a status change (issue 12, the first screen
 * comes fast). Once shown it stays mounted, so it closes with its animation like the eager one.
 */
export function ConfirmLater(props: ConfirmDialogProps) {
  const [asked, setAsked] = useState(false);
  if (props.visible && !asked) setAsked(true);
  if (!asked && !props.visible) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
