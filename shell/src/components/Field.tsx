import type { ReactNode } from 'react';

/** A labelled form field with its error under it (`id` ties the label, the input and the message). */
export function Field({
  id,
  label,
  error,
  hint,
  children,
  wide,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`erp-field${wide ? ' erp-field--wide' : ''}`} data-field={id}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <small id={`${id}-error`} className="p-error" role="alert">
          {error}
        </small>
      ) : hint ? (
        <small className="erp-muted">{hint}</small>
      ) : null}
    </div>
  );
}

/** A checkbox or switch with its label beside it. */
export function Check({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="erp-check" data-field={id}>
      {children}
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A titled block of a form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="erp-form-section">
      <legend>{title}</legend>
      <div className="erp-form-grid">{children}</div>
    </fieldset>
  );
}

/** The page's heading row: title on the start side, actions on the end side. */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="erp-screen__header">
      <h1>{title}</h1>
      {children ? <div className="erp-screen__actions">{children}</div> : null}
    </div>
  );
}
