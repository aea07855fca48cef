import { Button } from 'primereact/button';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '@erp/contracts';
import { label, type Language } from '@erp/i18n';
import { FieldInput } from '../fields/FieldInput';
import { shortcutOf, useShortcuts } from '../keyboard/shortcuts';
import { emptyLine, type FieldErrors, type FormValues } from '../master-data/form-model';
import type { ReferenceOption } from '../master-data/references';

/** What a custom cell gets: the line, its row, the value and a setter, and how to move on from the keyboard. */
export interface CellContext {
  field: FieldDef;
  line: FormValues;
  row: number;
  id: string;
  value: unknown;
  invalid: boolean;
  disabled: boolean;
  set: (value: unknown) => void;
  /** Replaces several fields of the line at once (an item picked sets its unit and cost too). */
  patch: (values: FormValues) => void;
  /** Focus the next cell (or a new line after the last one), as Enter does in a plain input. */
  next: () => void;
  /** The cell's name for screen readers ('Quantity, line 2'): a grid cell has no label of its own. */
  ariaLabel: string;
}

export interface ExtraColumn {
  key: string;
  header: string;
  body: (line: FormValues, row: number) => ReactNode;
  numeric?: boolean;
}

export interface LinesGridProps {
  /** The field the lines belong to ('units', 'lines'): the prefix of ids, test ids and error keys. */
  name: string;
  /** Prefix of input ids, so that two grids of one page never share an id. */
  idPrefix: string;
  fields: readonly FieldDef[];
  lines: readonly FormValues[];
  onChange: (lines: FormValues[]) => void;
  /** All of the form's errors; the grid reads `<name>.<row>.<field>` per cell. */
  errors: FieldErrors;
  disabled: boolean;
  language: Language;
  decimals: number;
  /** Choices of reference cells, by line field name. */
  options: Record<string, readonly ReferenceOption[]>;
  maxLines?: number;
  /** A cell the caller draws itself (the document's item and unit pickers); undefined: the generic input. */
  renderCell?: (cell: CellContext) => ReactNode | undefined;
  /** Read-only columns after the inputs (a line's value). */
  extraColumns?: readonly ExtraColumn[];
  /** Under the last line (totals). */
  footer?: ReactNode;
  /** The user's setting: Hijri beside Gregorian dates. */
  showHijri?: boolean;
  /** F2 adds a line wherever the focus is (a document's one grid); else only from inside this grid. */
  addLineKey?: 'page' | 'grid';
}

/**
 * The editable, keyboard-first lines grid of the master-data forms (an item's units, opening balances,
 * components; a price list's items) and of the documents (their lines): one input per line field by its
 * kind, Enter moves to the next cell and, after the last cell, adds a line; decimals are rounded to the
 * branch's digits when left (spec section 5); each cell shows its own error (`units.0.conversionRate`).
 */
export function LinesGrid({
  name,
  idPrefix,
  fields,
  lines,
  onChange,
  errors,
  disabled,
  language,
  decimals,
  options,
  maxLines,
  renderCell,
  extraColumns = [],
  footer,
  showHijri,
  addLineKey = 'grid',
}: LinesGridProps) {
  const { t } = useTranslation('ui');
  const table = useRef<HTMLTableElement>(null);
  const focusRow = useRef<number | null>(null);
  const full = maxLines !== undefined && lines.length >= maxLines;

  // a line added from the keyboard takes the focus on its first cell once it is drawn
  useEffect(() => {
    if (focusRow.current === null) return;
    const row = focusRow.current;
    focusRow.current = null;
    cellInputs(table.current, row)[0]?.focus();
  }, [lines.length]);

  // A cell's setter may run after a later render (an item lookup answering late): it applies its change to
  // the lines as they are then, never to the ones it was drawn with, or it would undo the newer edits.
  const latest = useRef({ lines, onChange });
  latest.current = { lines, onChange };
  const change = (update: (current: readonly FormValues[]) => FormValues[]) => {
    const next = update(latest.current.lines);
    // two changes before the next render (a pick, then the line it adds) build on each other
    latest.current.lines = next;
    latest.current.onChange(next);
  };
  const setLine = (row: number, values: FormValues) =>
    change((current) => current.map((l, i) => (i === row ? { ...l, ...values } : l)));
  const addLine = (focus: boolean) => {
    if (full || disabled) return;
    if (focus) focusRow.current = lines.length;
    change((current) => [...current, emptyLine(fields)]);
  };
  const removeLine = (row: number) => change((current) => current.filter((_, i) => i !== row));

  /** The next input after `from` in the grid, or a new line when `from` is the last one. */
  const next = (from: HTMLElement | null) => {
    const all = cellInputs(table.current);
    const at = from ? all.findIndex((el) => el === from || el.contains(from) || from.contains(el)) : -1;
    const following = all[at + 1];
    if (at >= 0 && following) following.focus();
    else addLine(true);
  };

  useShortcuts({ addLine: () => addLine(true) }, addLineKey === 'page' && !disabled && !full);

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (addLineKey === 'grid' && shortcutOf(e) === 'addLine') {
      e.preventDefault();
      addLine(true);
      return;
    }
    if (e.key !== 'Enter' || e.defaultPrevented) return;
    const target = e.target as HTMLElement;
    // dropdowns and pickers handle their own Enter (open, choose) and move on themselves
    if (target.closest('.p-dropdown, .erp-lines__picker') || target.tagName !== 'INPUT') return;
    e.preventDefault();
    next(target);
  };

  const lineErrors = errors[name];

  return (
    <div className="erp-lines" data-testid={`lines-${name}`}>
      <div className="erp-lines__scroll">
        <table className="erp-lines__table" ref={table} onKeyDown={onKeyDown}>
          <thead>
            <tr>
              <th className="erp-lines__no">#</th>
              {fields.map((f) => (
                <th key={f.name} scope="col">
                  {label(language, `fields.${f.name}`)}
                  {f.required ? <span className="erp-md-field__required"> *</span> : null}
                </th>
              ))}
              {extraColumns.map((c) => (
                <th key={c.key} scope="col" className={c.numeric ? 'erp-md__num' : undefined}>
                  {c.header}
                </th>
              ))}
              <th className="erp-lines__remove-col">
                <span className="p-hidden-accessible">{t('lines.remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.length === 0 ? (
              <tr>
                <td colSpan={fields.length + extraColumns.length + 2} className="erp-lines__empty">
                  {t('lines.empty')}
                </td>
              </tr>
            ) : null}
            {lines.map((line, row) => (
              <tr key={row} data-row={row} data-testid={`line-${name}-${row}`}>
                <td className="erp-lines__no">{row + 1}</td>
                {fields.map((f) => {
                  const id = `${idPrefix}-${name}-${row}-${f.name}`;
                  const error = errors[`${name}.${row}.${f.name}`];
                  const cell: CellContext = {
                    field: f,
                    line,
                    row,
                    id,
                    value: line[f.name],
                    invalid: Boolean(error),
                    disabled,
                    set: (v) => setLine(row, { [f.name]: v }),
                    patch: (values) => setLine(row, values),
                    next: () => next(document.getElementById(id)),
                    ariaLabel: t('lines.cell', { field: label(language, `fields.${f.name}`), row: row + 1 }),
                  };
                  return (
                    <td key={f.name} data-cell={f.name} data-row={row}>
                      {renderCell?.(cell) ?? (
                        <FieldInput
                          variant="cell"
                          field={f}
                          id={id}
                          value={cell.value}
                          onChange={cell.set}
                          onEnter={cell.next}
                          language={language}
                          decimals={decimals}
                          disabled={disabled}
                          invalid={cell.invalid}
                          placeholder={t('lines.choose')}
                          options={options[f.name] ?? []}
                          ariaLabel={cell.ariaLabel}
                          showHijri={showHijri}
                        />
                      )}
                      {error ? (
                        <small className="p-error erp-lines__error" role="alert" id={`${id}-error`}>
                          {error}
                        </small>
                      ) : null}
                    </td>
                  );
                })}
                {extraColumns.map((c) => (
                  <td key={c.key} className={c.numeric ? 'erp-md__num' : undefined} data-extra={c.key}>
                    {c.body(line, row)}
                  </td>
                ))}
                <td className="erp-lines__remove-col">
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    rounded
                    text
                    severity="danger"
                    disabled={disabled}
                    aria-label={t('lines.removeLine', { row: row + 1 })}
                    title={t('lines.removeLine', { row: row + 1 })}
                    tabIndex={-1}
                    data-testid="line-remove"
                    onClick={() => removeLine(row)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
          {footer ? <tfoot>{footer}</tfoot> : null}
        </table>
      </div>
      <div className="erp-lines__actions">
        <Button
          type="button"
          icon="pi pi-plus"
          label={t('lines.add')}
          outlined
          size="small"
          disabled={disabled || full}
          data-testid={`lines-${name}-add`}
          onClick={() => addLine(true)}
        />
        <small className="erp-md-form__hint" data-testid="lines-hint">
          {t('lines.keyboardHint')} {t('input.shortcuts')}
        </small>
      </div>
      {lineErrors ? (
        <small className="p-error erp-md-field__error" role="alert" data-testid={`lines-${name}-error`}>
          {lineErrors}
        </small>
      ) : null}
    </div>
  );
}

/** The focusable inputs of the grid's cells in reading order (of one row when given). */
function cellInputs(table: HTMLTableElement | null, row?: number): HTMLElement[] {
  if (!table) return [];
  const scope = row === undefined ? 'td[data-cell]' : `td[data-cell][data-row="${row}"]`;
  return [...table.querySelectorAll<HTMLElement>(`${scope} input:not([disabled])`)].filter(
    (el) => el.getAttribute('type') !== 'checkbox' || el.closest('.p-checkbox') !== null,
  );
}

// the grid's callers name it from here
export { withStored } from '../fields/FieldInput';
