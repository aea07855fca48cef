import { useTranslation } from 'react-i18next';
import { formatDecimal, paymentFieldsOf, type DocumentDef, type InvoiceTotals } from '@erp/contracts';
import { label, type Language } from '@erp/i18n';
import { LinesGrid } from '../lines/LinesGrid';
import type { FieldErrors, FormValues } from '../master-data/form-model';
import type { ReferenceOption } from '../master-data/references';
import { paymentBalance, paymentsOf } from './money-model';

const money = (v: string) => formatDecimal(v, 2);

/**
 * A money document's totals (issue 14): per tax category its taxable amount and VAT, then the lines' net, the
 * discount, the total without VAT, the VAT and the total with VAT, as the service will keep them (the same
 * arithmetic, computed as the user types). Always in the currency's two decimals.
 */
export function MoneyTotals({ totals, language }: { totals: InvoiceTotals | null; language: Language }) {
  const { t } = useTranslation('ui');
  if (!totals) return <p className="erp-md-form__hint">{t('doc.moneyPending')}</p>;
  const rows: [string, string, string][] = [
    ['lineNet', t('doc.lineNet'), totals.lineNet],
    ['discount', t('doc.documentDiscount'), totals.discount],
    ['taxExclusive', t('doc.taxExclusive'), totals.taxExclusive],
    ['vat', t('doc.vatTotal'), totals.vat],
    ['taxInclusive', t('doc.taxInclusive'), totals.taxInclusive],
  ];
  return (
    <div className="erp-doc__money" data-testid="doc-money">
      <table className="erp-md__table" aria-label={t('doc.taxCategories')}>
        <thead>
          <tr>
            <th scope="col">{label(language, 'fields.taxCategory')}</th>
            <th scope="col">{label(language, 'fields.taxRate')}</th>
            <th scope="col">{t('doc.taxable')}</th>
            <th scope="col">{t('doc.vatTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {totals.categories.map((c) => (
            <tr key={`${c.category}-${c.rate}`} data-testid={`doc-category-${c.category}-${c.rate}`}>
              <td>{label(language, `options.${c.category}`)}</td>
              <td className="erp-md__num">{c.rate} %</td>
              <td className="erp-md__num">{money(c.taxable)}</td>
              <td className="erp-md__num">{money(c.vat)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="erp-doc__money-totals">
        {rows.map(([key, caption, value]) => (
          <div key={key} className={key === 'taxInclusive' ? 'erp-doc__money-grand' : undefined}>
            <dt>{caption}</dt>
            <dd data-testid={`doc-money-${key}`}>{money(value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The payments of a money document: method and amount per row, what they pay, and what is left or given back. */
export function DocumentPayments({
  doc,
  values,
  total,
  errors,
  disabled,
  language,
  showHijri,
  options,
  onChange,
}: {
  doc: DocumentDef;
  values: FormValues;
  total: string | null;
  errors: FieldErrors;
  disabled: boolean;
  language: Language;
  showHijri: boolean;
  options: Readonly<Record<string, readonly ReferenceOption[]>>;
  onChange: (payments: FormValues[]) => void;
}) {
  const { t } = useTranslation('ui');
  const { paid, left } = paymentBalance(doc, values, total);
  const change = left !== null && left.startsWith('-');
  return (
    <div data-testid="doc-payments">
      <h2 className="erp-doc__section-title">{t('doc.payments')}</h2>
      <LinesGrid
        name="payments"
        idPrefix="pay"
        fields={paymentFieldsOf(doc)}
        lines={paymentsOf(values)}
        onChange={onChange}
        errors={errors}
        disabled={disabled}
        language={language}
        decimals={2}
        options={options}
        maxLines={20}
        showHijri={showHijri}
      />
      <p className="erp-doc__money-paid">
        <span data-testid="doc-paid">
          {t('doc.paid')}: <bdi>{money(paid)}</bdi>
        </span>{' '}
        {left !== null ? (
          <span data-testid={change ? 'doc-change' : 'doc-left'}>
            {change ? t('doc.change') : t('doc.left')}: <bdi>{money(left.replace(/^-/, ''))}</bdi>
          </span>
        ) : null}
      </p>
    </div>
  );
}
