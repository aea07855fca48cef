import { label } from '@erp/i18n';
import { TaxQrCode } from '../print-qr/TaxQrCode';
import type { ReceiptModel } from './receipt-model';

/** A label in Arabic over English: a receipt's column is too narrow for both on one line. */
function Bi({ k }: { k: string }) {
  return (
    <span className="erp-receipt__bi">
      <span lang="ar" dir="rtl">
        {label('ar', k)}
      </span>
      <span lang="en" dir="ltr">
        {label('en', k)}
      </span>
    </span>
  );
}

function Row({ k, value, strong, testId }: { k: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={strong ? 'erp-receipt__row erp-receipt__row--strong' : 'erp-receipt__row'}>
      <Bi k={k} />
      <span className="erp-receipt__amount" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/**
 * The 80 mm receipt (issue 15, deliverable 6): a simplified tax invoice in a 72 mm column, every label in Arabic
 * and English, the lines, the totals, the payments and change, and the tax authority's QR code. The browser lays
 * out and shapes the Arabic; printed as it is or as its picture (receipt-image.ts), the printer gets pixels, never
 * Arabic text for its own font.
 */
export function Receipt80({ model }: { model: ReceiptModel }) {
  return (
    <div className="erp-receipt" dir="rtl" lang="ar" data-testid="receipt">
      <header className="erp-receipt__head">
        <strong className="erp-receipt__seller">{model.seller}</strong>
        {model.branch ? <span>{model.branch}</span> : null}
        {model.vatNumber ? (
          <span>
            <Bi k="taxInvoice.vatNumber" /> <bdi>{model.vatNumber}</bdi>
          </span>
        ) : null}
        <h1 className="erp-receipt__title">
          <Bi k="taxInvoice.simplifiedTitle" />
        </h1>
      </header>
      <Row k="taxInvoice.invoiceNumber" value={model.number} testId="receipt-number" />
      <Row k="taxInvoice.issuedAt" value={model.issuedAt} />
      <table className="erp-receipt__lines">
        <thead>
          <tr>
            <th>
              <Bi k="taxInvoice.item" />
            </th>
            <th>
              <Bi k="taxInvoice.quantity" />
            </th>
            <th>
              <Bi k="taxInvoice.lineTotal" />
            </th>
          </tr>
        </thead>
        <tbody>
          {model.lines.map((l, i) => (
            <tr key={i}>
              <td>
                {l.name}
                <small className="erp-receipt__price">
                  <bdi>{l.price}</bdi>
                </small>
              </td>
              <td>
                <bdi>{l.quantity}</bdi> {l.unit}
              </td>
              <td className="erp-receipt__amount">{l.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Row k="taxInvoice.totalWithoutVat" value={model.taxExclusive} />
      {model.discount !== '0.00' ? <Row k="taxInvoice.discount" value={model.discount} /> : null}
      <Row k="taxInvoice.totalVat" value={model.vat} />
      <Row k="taxInvoice.totalWithVat" value={model.taxInclusive} strong testId="receipt-total" />
      {model.payments.map((p, i) => (
        <div className="erp-receipt__row" key={i}>
          <span>{p.name}</span>
          <span className="erp-receipt__amount">{p.amount}</span>
        </div>
      ))}
      {model.change !== '0.00' ? <Row k="taxInvoice.change" value={model.change} /> : null}
      {model.qrText ? (
        <div className="erp-receipt__qr">
          <TaxQrCode
            text={model.qrText}
            label={`${label('ar', 'taxInvoice.qr')} | ${label('en', 'taxInvoice.qr')}`}
            size={176}
          />
        </div>
      ) : null}
    </div>
  );
}
