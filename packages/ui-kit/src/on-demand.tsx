import type { ConfirmDialogProps } from 'primereact/confirmdialog';
import type { DialogProps } from 'primereact/dialog';
import { useState, type ComponentType } from 'react';
import { loadable } from './loadable';

/**
 * A dialog component fetched the first time it is asked to show (`visible`): a list or a form opens its dialogs
 * only on a click (a record, a delete, a close or a status change), so its first screen does not fetch them
 * (issue 12, the first screen comes fast). Once shown it stays mounted, so it closes with its animation like an
 * eager one. `onFirstShow` starts what its content will fetch, beside the dialog's own code.
 */
function onDemand<P extends { visible?: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Loaded = loadable(load);
  return function OnDemand(props: P & { onFirstShow?: () => void }) {
    const { onFirstShow, ...rest } = props;
    const [asked, setAsked] = useState(false);
    if (props.visible && !asked) {
      setAsked(true);
      onFirstShow?.();
    }
    if (!asked && !props.visible) return null;
    return <Loaded {...(rest as unknown as P)} />;
  };
}

/** PrimeReact's ConfirmDialog (with its Dialog, ≈ 12 KB gz), on demand. */
export const ConfirmLater = onDemand<ConfirmDialogProps>(() =>
  import('primereact/confirmdialog').then((m) => m.ConfirmDialog),
);

/** PrimeReact's Dialog (≈ 9 KB gz), on demand. */
export const DialogLater = onDemand<DialogProps>(() => import('primereact/dialog').then((m) => m.Dialog));
