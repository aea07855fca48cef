import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dec, formatDecimal, type DocumentDef } from '@erp/contracts';
import { label, type Language } from '@erp/i18n';
import { LinesGrid, type CellContext, type ExtraColumn } from '../lines/LinesGrid';
import type { FieldErrors, FormValues } from '../master-data/form-model';
import type { ReferenceOption } from '../master-data/references';
import { keepStoredValues, lineValue } from './document-model';

/** A document's lines: the grid with the item and unit pickers, a count sheet's columns, the totals. */
export function DocumentLines({
  doc,
  lines,
  errors,
  disabled,
  language,
  digits,
  showHijri,
  renderCell,
  countColumns,
  countSheet,
  totals,
  options = {},
  onChange,
}: {
  doc: DocumentDef;
  lines: FormValues[];
  errors: FieldErrors;
  disabled: boolean;
  language: Language;
  digits: number;
  showHijri: boolean;
  renderCell: (cell: CellContext) => ReactNode | undefined;
  countColumns: readonly ExtraColumn[];
  /** The stocktaking's 'list the items the store holds' button, when it applies. */
  countSheet: { ready: boolean; fill: () => void } | null;
  /** The value total, and the quantities counted per main unit as text (never a sum across units). */
  totals: { quantityText: string; value: string };
  /** The choices of the lines' reference cells that no picker draws (a voucher's accounts and cost centers). */
  options?: Readonly<Record<string, readonly ReferenceOption[]>>;
  onChange: (lines: FormValues[]) => void;
}) {
  const { t } = useTranslation('ui');
  return (
    <div>
      <div className="erp-doc__lines-head">
        <h2 className="erp-doc__section-title">{t('doc.lines')}</h2>
        {countSheet && !disabled ? (
          <Button
            type="button"
            label={t('doc.fillCountSheet')}
            icon="pi pi-list-check"
            outlined
            size="small"
            disabled={!countSheet.ready}
            data-testid="doc-fill-count"
            onClick={countSheet.fill}
          />
        ) : null}
      </div>
      <LinesGrid
        name="lines"
        idPrefix="doc"
        fields={doc.lines}
        lines={lines}
        onChange={(next) => onChange(keepStoredValues(lines, next))}
        errors={errors}
        disabled={disabled}
        language={language}
        decimals={digits}
        options={options}
        maxLines={1000}
        renderCell={renderCell}
        showHijri={showHijri}
        addLineKey="page"
        extraColumns={[
          ...countColumns,
          ...(doc.quantityField
            ? [
                {
                  key: 'value',
                  header: label(language, 'fields.value'),
                  numeric: true,
                  body: (line: FormValues) => lineValue(doc, line, digits) ?? '—',
                },
              ]
            : []),
        ]}
        footer={
          !doc.quantityField ? (
            <AmountTotals doc={doc} lines={lines} digits={digits} />
          ) : (
            <tr data-testid="doc-totals">
              <td colSpan={doc.lines.length + 1 + countColumns.length}>{t('doc.totals')}</td>
              <td className="erp-md__num" data-testid="doc-total-value">
                {totals.value}
              </td>
              <td />
            </tr>
          )
        }
      />
      {doc.quantityField ? (
        <div className="erp-doc__totals">
          <span data-testid="doc-total-quantity">
            {label(language, 'fields.totalQuantity')}: <bdi>{totals.quantityText}</bdi>
          </span>
          <span>
            {label(language, 'fields.totalValue')}: {totals.value}
          </span>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The totals row of a type without quantities (a voucher): the sum of each amount column under it (debits and
 * credits side by side, so the user sees whether they balance), exact to the branch's digits.
 */
function AmountTotals({ doc, lines, digits }: { doc: DocumentDef; lines: FormValues[]; digits: number }) {
  const { t } = useTranslation('ui');
  const sum = (name: string) =>
    lines.reduce((total, l) => {
      const v = String(l[name] ?? '').trim();
      return /^-?\d+(\.\d+)?$/.test(v) ? total.plus(v) : total;
    }, dec(0));
  return (
    <tr data-testid="doc-totals">
      <td>{t('doc.totals')}</td>
      {doc.lines.map((f) => (
        <td
          key={f.name}
          className={f.kind === 'decimal' ? 'erp-md__num' : undefined}
          data-testid={f.kind === 'decimal' ? `doc-total-${f.name}` : undefined}
        >
          {f.kind === 'decimal' ? formatDecimal(sum(f.name), digits) : null}
        </td>
      ))}
      <td />
    </tr>
  );
}
