import { Button } from 'primereact/button';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  message?: string;
  actionLabel?: string;
  onAction?: () => void;
  icon?: string;
  children?: ReactNode;
}

/** The one look of a failure inside the layout: an icon, what happened, what to do, one action. */
export function ErrorPanel({
  title,
  message,
  actionLabel,
  onAction,
  icon = 'pi pi-exclamation-triangle',
  children,
}: Props) {
  return (
    <section className="erp-error-panel" role="alert">
      <i className={`${icon} erp-error-panel__icon`} aria-hidden="true" />
      <h2 className="erp-error-panel__title">{title}</h2>
      {message ? <p className="erp-error-panel__message">{message}</p> : null}
      {children}
      {actionLabel && onAction ? (
        <Button type="button" icon="pi pi-refresh" label={actionLabel} onClick={onAction} />
      ) : null}
    </section>
  );
}
