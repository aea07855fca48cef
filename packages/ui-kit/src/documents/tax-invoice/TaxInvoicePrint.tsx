import { formatDecimal, type DocumentRecord } from '@erp/contracts';
import { label } from '@erp/i18n';
import type { ReactNode } from 'react';
import { addressLine } from '../../PrintHeader';
import { TaxQrCode } from '../../print-qr/TaxQrCode';
import {
  bilingual,
  bothNames,
  broughtName,
  buyerAddress,
  isCreditNote,
  issueOf,
  localDateTime,
  moneyOf,
  taxQrTextOf,
  type Buyer,
  type IssuingBranch,
  type Seller,
} from './tax-invoice-model';

/** What a print template lets a company choose per document type (the spec's 'invoice template'). */
export interface PrintBlocks {
  showNotes: boolean;
  showSignatures: boolean;
  headerText: string;
  footerText: string;
}

/** Tax arithmetic is two decimals per line, per category and per total (design.md 9). */
const money = (v: unknown) => (v === null || v === undefined || v === '' ? '' : formatDecimal(String(v), 2));
const rate = (v: unknown) =>
  `${String(v ?? '0')
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')}%`;
/** A price keeps the decimals it was given (up to four), at least two. */
const price = (v: unknown) => {
  const text = String(v ?? '');
  const decimals = text.includes('.') ? text.split('.')[1]!.replace(/0+$/, '').length : 0;
  return text ? formatDecimal(text, Math.max(2, Math.min(4, decimals))) : '';
};

/** A label in Arabic and English side by side. */
export function Bi({ k }: { k: string }) {
  const { ar, en } = bilingual(k);
  return (
    <span className="erp-bi">
      <span lang="ar" dir="rtl">
        {ar}
      </span>
      {' | '}
      <span lang="en" dir="ltr">
        {en}
      </span>
    </span>
  );
}

function Fact({ k, value, testId }: { k: string; value: ReactNode; testId?: string }) {
  return (
    <>
      <dt>
        <Bi k={k} />
      </dt>
      <dd data-testid={testId}>{value}</dd>
    </>
  );
}

/**
 * An issued sales invoice as an A4 tax invoice, a return as a credit note (issue 14, deliverable 6; ZATCA): every
 * label in Arabic and English, the seller with the issuing branch's registration and national address, the
 * buyer, number, moment of issue in the branch's time and UUID, the lines with their VAT, the VAT per category,
 * the totals, the payments and the tax authority's QR code. Drawn from the issued document as the service keeps
 * it; the print view (`PrintView`) shows it in place of the plain layout.
 */
export function TaxInvoiceSheet({
  record,
  company,
  branch,
  buyer,
  sourceCode,
  paymentName,
  dir,
  blocks,
}: {
  record: DocumentRecord;
  company: Seller | null;
  branch: IssuingBranch | null;
  buyer: Buyer | null;
  /** A credit note's original invoice, by its code. */
  sourceCode: string | null;
  /** A payment's method, by name. */
  paymentName: (payment: Record<string, unknown>) => string;
  dir: 'rtl' | 'ltr';
  blocks: PrintBlocks;
}) {
  const issue = issueOf(record)!;
  const totals = moneyOf(record)!;
  const credit = isCreditNote(record);
  const qrText = company ? taxQrTextOf(record, company) : null;
  const cr = branch?.commercialRegistrationNumber || company?.commercialRegisterNumber || '';
  const names = record.names;
  const buyerName = buyer ? bothNames(buyer) : broughtName(names, record.customerId);
  const payments = (record.payments as Record<string, unknown>[] | undefined) ?? [];
  const option = (v: unknown) =>
    v ? `${label('ar', `options.${String(v)}`)} | ${label('en', `options.${String(v)}`)}` : '';
  return (
    <div
      className="erp-print erp-tax-invoice"
      dir={dir}
      lang="ar"
      data-testid="doc-print-view"
      data-print-layout={credit ? 'creditNote' : 'taxInvoice'}
    >
      <header className="erp-tax-invoice__head">
        {company?.logoUrl ? <img className="erp-print__logo" src={company.logoUrl} alt="" /> : null}
        <div className="erp-tax-invoice__title">
          <h1 data-testid="tax-invoice-title">
            <Bi k={credit ? 'taxInvoice.creditNote' : 'taxInvoice.title'} />
          </h1>
          {blocks.headerText ? (
            <p className="erp-tax-invoice__text" data-testid="print-header-text">
              {blocks.headerText}
            </p>
          ) : null}
        </div>
        <div className="erp-tax-invoice__qr" data-testid="tax-qr-box">
          {qrText ? (
            <TaxQrCode
              text={qrText}
              label={`${label('ar', 'taxInvoice.qr')} | ${label('en', 'taxInvoice.qr')}`}
              size={192}
            />
          ) : null}
        </div>
      </header>
      <dl className="erp-tax-invoice__facts">
        <Fact
          k={credit ? 'taxInvoice.creditNoteNumber' : 'taxInvoice.invoiceNumber'}
          value={record.code}
          testId="tax-number"
        />
        <Fact
          k="taxInvoice.issuedAt"
          value={<span dir="ltr">{localDateTime(issue.issuedAt, branch?.timezone || 'Asia/Riyadh')}</span>}
          testId="tax-issued-at"
        />
        <Fact k="taxInvoice.uuid" value={<span dir="ltr">{issue.uuid}</span>} testId="tax-uuid" />
        {credit ? (
          <>
            <Fact k="taxInvoice.originalInvoice" value={sourceCode ?? ''} testId="tax-original" />
            <Fact k="taxInvoice.reason" value={option(record.reason)} testId="tax-reason" />
          </>
        ) : null}
        <Fact k="taxInvoice.paymentType" value={option(record.paymentType)} />
      </dl>
      <div className="erp-tax-invoice__parties">
        <section data-testid="tax-seller">
          <h2>
            <Bi k="taxInvoice.seller" />
          </h2>
          <dl>
            <Fact k="taxInvoice.name" value={company ? bothNames(company) : ''} testId="tax-seller-name" />
            <Fact k="taxInvoice.vatNumber" value={company?.taxNumber ?? ''} testId="tax-seller-vat" />
            <Fact k="taxInvoice.crNumber" value={cr} testId="tax-seller-cr" />
            <Fact
              k="taxInvoice.address"
              value={branch ? addressLine(branch) : ''}
              testId="tax-seller-address"
            />
          </dl>
        </section>
        <section data-testid="tax-buyer">
          <h2>
            <Bi k="taxInvoice.buyer" />
          </h2>
          <dl>
            <Fact k="taxInvoice.name" value={buyerName} testId="tax-buyer-name" />
            <Fact k="taxInvoice.vatNumber" value={buyer?.taxNumber ?? ''} testId="tax-buyer-vat" />
            <Fact
              k="taxInvoice.address"
              value={buyer ? buyerAddress(buyer) : ''}
              testId="tax-buyer-address"
            />
          </dl>
        </section>
      </div>
      <table data-testid="tax-lines">
        <thead>
          <tr>
            <th>#</th>
            {(
              [
                'item',
                'unit',
                'quantity',
                'unitPrice',
                'discount',
                'net',
                'vatRate',
                'vat',
                'lineTotal',
              ] as const
            ).map((k) => (
              <th key={k}>
                <Bi k={`taxInvoice.${k}`} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {record.lines.map((line, i) => {
            const m = totals.lines[i];
            return (
              <tr key={line.lineNo}>
                <td>{i + 1}</td>
                <td>{broughtName(names, line.itemId)}</td>
                <td>{broughtName(names, line.unitId)}</td>
                <td>{String(line.quantity ?? '')}</td>
                <td>{price(line.price)}</td>
                <td>{money(m?.discount)}</td>
                <td>{money(m?.net)}</td>
                <td>{rate(line.taxRate)}</td>
                <td>{money(m?.vat)}</td>
                <td>{money(m?.total)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="erp-tax-invoice__sums">
        <table data-testid="tax-categories">
          <caption>
            <Bi k="taxInvoice.categories" />
          </caption>
          <thead>
            <tr>
              <th>
                <Bi k="taxInvoice.category" />
              </th>
              <th>
                <Bi k="taxInvoice.net" />
              </th>
              <th>
                <Bi k="taxInvoice.vatRate" />
              </th>
              <th>
                <Bi k="taxInvoice.vat" />
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.categories.map((c) => (
              <tr key={`${c.category}:${c.rate}`}>
                <td>{option(c.category)}</td>
                <td>{money(c.taxable)}</td>
                <td>{rate(c.rate)}</td>
                <td>{money(c.vat)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table data-testid="tax-totals">
          <caption>
            <Bi k="taxInvoice.totals" />
          </caption>
          <tbody>
            {(
              [
                ['lineNet', totals.lineNet, 'tax-line-net'],
                ['discount', totals.discount, 'tax-discount'],
                ['totalWithoutVat', totals.taxExclusive, 'tax-total-without-vat'],
                ['totalVat', totals.vat, 'tax-total-vat'],
                ['totalWithVat', totals.taxInclusive, 'tax-total-with-vat'],
              ] as const
            ).map(([k, v, testId]) => (
              <tr key={k} className={k === 'totalWithVat' ? 'erp-tax-invoice__grand' : undefined}>
                <th>
                  <Bi k={`taxInvoice.${k}`} />
                </th>
                <td data-testid={testId}>{money(v)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {payments.length ? (
        <table data-testid="tax-payments">
          <caption>
            <Bi k="taxInvoice.payments" />
          </caption>
          <thead>
            <tr>
              <th>
                <Bi k="taxInvoice.paymentMethod" />
              </th>
              <th>
                <Bi k="taxInvoice.amount" />
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.map((p, i) => (
              <tr key={i}>
                <td>{paymentName(p)}</td>
                <td>{money(p.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th>
                <Bi k="taxInvoice.paid" />
              </th>
              <td>{money(record.paid)}</td>
            </tr>
            {record.change && Number(record.change) !== 0 ? (
              <tr>
                <th>
                  <Bi k="taxInvoice.change" />
                </th>
                <td>{money(record.change)}</td>
              </tr>
            ) : null}
          </tfoot>
        </table>
      ) : null}
      {blocks.showNotes && record.notes ? (
        <p data-testid="print-notes">
          <strong>
            <Bi k="taxInvoice.notes" />:{' '}
          </strong>
          {String(record.notes)}
        </p>
      ) : null}
      {blocks.showSignatures ? <BilingualSignatures /> : null}
      {blocks.footerText ? (
        <p className="erp-tax-invoice__text" data-testid="print-footer-text">
          {blocks.footerText}
        </p>
      ) : null}
    </div>
  );
}

function BilingualSignatures() {
  return (
    <div className="erp-print__signatures" data-testid="print-signatures">
      {(['preparedBy', 'receivedBy', 'approvedBy'] as const).map((k) => (
        <div key={k} className="erp-print__signature">
          <Bi k={`taxInvoice.${k}`} />
          <span className="erp-print__signature-line" />
        </div>
      ))}
    </div>
  );
}
