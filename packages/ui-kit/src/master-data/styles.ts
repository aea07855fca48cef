/**
 * The 80 mm receipt (issue 15), on screen and on paper: part of every document screen's styles, and carried by
 * the receipt dialog itself where no document screen is (the till).
 */
export const RECEIPT_CSS = `
/* the 80 mm receipt (issue 15): a 72 mm column (the roll's printable width), Arabic over English labels */
.erp-receipt { width: 72mm; box-sizing: border-box; padding: 2mm; background: #fff; color: #000; font-size: 12px; line-height: 1.35; }
.erp-receipt__head { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 1px; border-block-end: 1px dashed #000; padding-block-end: 2mm; margin-block-end: 2mm; }
.erp-receipt__seller { font-size: 15px; }
.erp-receipt__title { font-size: 13px; margin: 1mm 0 0; }
.erp-receipt__bi { display: inline-flex; flex-direction: column; }
.erp-receipt__bi [lang='en'] { font-size: 10px; }
.erp-receipt__row { display: flex; justify-content: space-between; align-items: flex-end; gap: 2mm; padding-block: 1px; }
.erp-receipt__row--strong { font-weight: 700; font-size: 14px; border-block: 1px dashed #000; padding-block: 1mm; margin-block: 1mm; }
.erp-receipt__amount { font-variant-numeric: tabular-nums; direction: ltr; unicode-bidi: isolate; white-space: nowrap; }
.erp-receipt__lines { width: 100%; border-collapse: collapse; margin-block: 2mm; }
.erp-receipt__lines th, .erp-receipt__lines td { border: 0; border-block-end: 1px dotted #666; padding: 1px; text-align: start; vertical-align: top; font-size: 11px; }
.erp-receipt__price { display: block; color: #333; }
.erp-receipt__qr { display: flex; justify-content: center; margin-block-start: 2mm; }
.erp-receipt-dialog__body { display: flex; gap: 1rem; flex-wrap: wrap; align-items: flex-start; }
.erp-receipt-dialog__sheet { border: 1px solid #ccc; }
.erp-receipt-dialog__picture { width: 72mm; border: 1px solid #ccc; }
.erp-receipt-print__picture { width: 72mm; display: block; }
@page receipt { size: 80mm auto; margin: 0; }
/* off paper, the receipt's print copy stays hidden wherever the dialog is */
.erp-receipt-print { display: none; }
@media print {
  body.erp-printing-receipt > *:not(.erp-receipt-print) { display: none !important; }
  body.erp-printing-receipt > .erp-receipt-print { display: block !important; background: #fff; color: #000; }
  /* a receipt printing: only the receipt, on its roll */
  body:not(.erp-printing-receipt) > .erp-receipt-print { display: none !important; }
  body.erp-printing-receipt > .erp-print:not(.erp-receipt-print) { display: none !important; }
  .erp-receipt-print { page: receipt; padding: 0; }
}
`;

/**
 * The master-data screens' styles, shipped with the kit (a feature app's screen loads them once per page).
 * Logical properties only, so one sheet serves Arabic and Kurdish (right to left) and the others.
 */
export const MASTER_DATA_CSS = `
.erp-md { display: flex; flex-direction: column; gap: 1rem; min-width: 0; }
/* the table scrolls inside its card: its width never widens the layout around it */
.erp-md__card { contain: inline-size; }
.erp-md__header { display: flex; align-items: baseline; gap: 1rem; flex-wrap: wrap; }
.erp-md__title { font-size: 1.4rem; font-weight: 600; margin: 0; }
.erp-md__total { color: var(--erp-muted, #5b6b78); font-size: 0.9rem; }
.erp-md__card {
  background: var(--erp-surface, #fff); border: 1px solid var(--erp-border, #dfe5ea); border-radius: 0.75rem;
  padding: 1rem 1.25rem; box-shadow: 0 1px 2px rgb(16 24 40 / 5%); min-width: 0;
}
.erp-md__toolbar { display: flex; align-items: center; gap: 0.75rem; flex-wrap: wrap; margin-block-end: 0.75rem; }
.erp-md__toolbar-end { display: flex; gap: 0.5rem; margin-inline-start: auto; }
.erp-md__search { flex: 1 1 16rem; max-width: 24rem; }
.erp-md__search .p-inputtext { width: 100%; }
.erp-md__filter, .erp-md__filter.p-dropdown { width: 100%; min-width: 4.5rem; }
.erp-md__table .p-datatable-thead > tr > th, .erp-md__table .p-datatable-tbody > tr > td { padding-inline: 0.5rem; }
.erp-md__filter.p-inputtext { padding-block: 0.4rem; }
.erp-md__table .p-column-filter-row { width: 100%; }
.erp-md__table .p-datatable-thead > tr > th { text-align: start; white-space: nowrap; }
.erp-md__table .p-datatable-tbody > tr > td { text-align: start; }
.erp-md__num { font-variant-numeric: tabular-nums; }
.erp-md__row-actions { display: flex; gap: 0.25rem; justify-content: flex-start; }
.erp-md__actions-col { width: 7rem; }
/* the end of the action bar stays free for the shell's floating feedback button (issue 12 item 3) */
.erp-md__actions { display: flex; flex-wrap: wrap; gap: 0.5rem; justify-content: flex-end; margin-block-start: 1.25rem; padding-inline-end: 4.5rem; }
.erp-md__notice { justify-content: flex-start; }
.erp-md-form { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 1rem 1.25rem; }
.erp-md-field { display: flex; flex-direction: column; gap: 0.35rem; min-width: 0; }
.erp-md-field--wide { grid-column: 1 / -1; }
.erp-md-field--check { flex-direction: row-reverse; justify-content: flex-end; align-items: center; gap: 0.5rem; }
.erp-md-field--check .erp-md-field__error { flex-basis: 100%; }
.erp-md-field__label { font-weight: 500; font-size: 0.9rem; }
.erp-md-field__required { color: var(--erp-error, #b42318); }
.erp-md-field__error.p-error, .erp-lines__error.p-error { color: var(--erp-error, #b42318); }
.erp-md-field__error, .erp-md-form__hint { font-size: 0.8rem; }
.erp-md-form__hint { color: var(--erp-muted, #5b6b78); }
.erp-md-field .p-inputtext, .erp-md-field .p-dropdown, .erp-md-field .p-multiselect,
.erp-md-field .p-inputnumber, .erp-md-field .p-inputtextarea { width: 100%; }
.erp-md-ltr, .erp-md-field input[dir='ltr'] { direction: ltr; text-align: start; }
[dir='rtl'] .erp-md-field input[dir='ltr'], [dir='rtl'] .erp-md-ltr { text-align: right; }
[dir='rtl'] .erp-md .p-paginator .p-paginator-first,
[dir='rtl'] .erp-md .p-paginator .p-paginator-prev,
[dir='rtl'] .erp-md .p-paginator .p-paginator-next,
[dir='rtl'] .erp-md .p-paginator .p-paginator-last { transform: scaleX(-1); }
/* the kit's picker and date input (fields/): full width in a field, the calendar button beside the date */
.erp-select { display: block; width: 100%; min-width: 0; }
.erp-select > .p-dropdown { width: 100%; }
.erp-date { display: flex; align-items: center; gap: 0.25rem; flex-wrap: wrap; width: 100%; min-width: 0; }
.erp-date > .p-inputtext, .erp-md-field .erp-date > .p-inputtext { flex: 1 1 7rem; width: auto; min-width: 0; }
.erp-date__open.p-button { flex: none; width: 2.25rem; padding: 0.25rem; }
.erp-date__hijri { flex-basis: 100%; font-size: 0.8rem; color: var(--erp-muted, #5b6b78); }
.erp-date__day { display: inline-flex; flex-direction: column; align-items: center; line-height: 1.1; }
.erp-date__hijri-day { font-size: 0.65rem; }
.erp-date__panel-hijri { text-align: center; padding-block: 0.25rem; }
.erp-date__year { font: inherit; font-weight: 600; color: inherit; background: transparent; border: 1px solid transparent; border-radius: 4px; padding: 0.25rem; }
.erp-date__year:hover, .erp-date__year:focus-visible { border-color: var(--erp-border, #dfe5ea); }
/* the lines grid (an item's units, a document's lines): one input per cell, scrolling inside its card */
.erp-lines { display: flex; flex-direction: column; gap: 0.5rem; min-width: 0; }
.erp-lines__scroll { overflow-x: auto; border: 1px solid var(--erp-border, #dfe5ea); border-radius: 0.5rem; }
.erp-lines__table { width: 100%; border-collapse: collapse; font-size: 0.92rem; }
.erp-lines__table th { text-align: start; font-weight: 600; white-space: nowrap; padding: 0.5rem;
  background: var(--surface-50, #f8fafc); border-block-end: 1px solid var(--erp-border, #dfe5ea); }
.erp-lines__table td { padding: 0.35rem 0.5rem; vertical-align: top; border-block-end: 1px solid var(--surface-100, #f1f5f9); }
.erp-lines__table td .p-inputtext, .erp-lines__table td .p-dropdown { width: 100%; min-width: 7rem; }
.erp-lines__table td .p-inputtext { padding-block: 0.45rem; }
.erp-lines__table td[data-cell='itemId'] { min-width: 16rem; }
.erp-lines__table tfoot td { font-weight: 600; background: var(--surface-50, #f8fafc); }
.erp-lines__no { width: 2.5rem; color: var(--erp-muted, #5b6b78); text-align: center !important; }
.erp-lines__remove-col { width: 3rem; }
.erp-lines__empty { color: var(--erp-muted, #5b6b78); text-align: center; padding: 1rem !important; }
.erp-lines__error { display: block; font-size: 0.78rem; margin-block-start: 0.2rem; }
.erp-lines__actions { display: flex; align-items: center; gap: 0.75rem; flex-wrap: wrap; }
.erp-lines__num { font-variant-numeric: tabular-nums; }
/* numbers and codes read left to right but sit at the start of their cell, under their header, in Arabic too */
[dir='rtl'] .erp-lines__table input[dir='ltr'] { text-align: right; }
/* numbers need less room than names: a sub-unit's six cells fit the item dialog without scrolling */
.erp-lines__table td .p-inputtext.erp-lines__num { min-width: 5.5rem; }
/* a barcode's thirteen digits show whole */
.erp-lines__table td .p-inputtext[dir='ltr']:not(.erp-lines__num) { min-width: 9.5rem; }
/* the row number and the read-only values line up with the inputs' text */
.erp-lines__table td.erp-lines__no, .erp-lines__table td[data-extra] { padding-block-start: 0.85rem; }
.erp-lines__picker { position: relative; }
.erp-lines__suggestions { position: absolute; inset-inline-start: 0; inset-block-start: 100%; z-index: 1100;
  min-width: 100%; max-height: 16rem; overflow-y: auto; margin: 0.2rem 0 0; padding: 0.25rem 0; list-style: none;
  background: var(--erp-surface, #fff); border: 1px solid var(--erp-border, #dfe5ea); border-radius: 0.5rem;
  box-shadow: 0 6px 16px rgb(16 24 40 / 12%); }
.erp-lines__suggestions li { padding: 0.4rem 0.75rem; cursor: pointer; display: flex; gap: 0.75rem; white-space: nowrap; }
.erp-lines__suggestions li[aria-selected='true'], .erp-lines__suggestions li:hover { background: var(--primary-50, #f0fdfa); }
.erp-lines__suggestions .erp-lines__code { color: var(--erp-muted, #5b6b78); direction: ltr; unicode-bidi: isolate; }
.erp-lines__item-name { display: block; font-size: 0.78rem; color: var(--erp-muted, #5b6b78); margin-block-start: 0.15rem; }
/* documents: header, lines, totals, attachments, print view */
.erp-doc__form { display: flex; flex-direction: column; gap: 1.25rem; }
.erp-doc__status { display: flex; gap: 0.5rem; align-items: center; flex-wrap: wrap; }
.erp-doc__totals { display: flex; gap: 2rem; justify-content: flex-end; flex-wrap: wrap; font-weight: 600; }
.erp-doc__totals span { font-variant-numeric: tabular-nums; }
.erp-doc__money { display: flex; gap: 2rem; justify-content: space-between; flex-wrap: wrap; margin-block: 1rem; }
.erp-doc__money-totals { display: grid; grid-template-columns: auto auto; gap: 0.25rem 1.5rem; margin: 0; }
.erp-doc__money-totals div { display: contents; }
.erp-doc__money-totals dd { margin: 0; text-align: end; font-variant-numeric: tabular-nums; }
.erp-doc__money-grand dt, .erp-doc__money-grand dd { font-weight: 700; font-size: 1.15rem; }
.erp-doc__money-paid { display: flex; gap: 2rem; justify-content: flex-end; font-weight: 600; }
.erp-doc__section-title { font-size: 1.05rem; font-weight: 600; margin: 0 0 0.5rem; }
.erp-doc__filters { display: flex; gap: 0.75rem; flex-wrap: wrap; align-items: center; }
.erp-doc__filters .p-inputtext, .erp-doc__filters .p-dropdown { min-width: 10rem; }
.erp-doc__attachments { display: flex; flex-direction: column; gap: 0.5rem; margin-block-start: 1.25rem; }
.erp-doc__attachments ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.25rem; }
.erp-doc__attachments li { display: flex; align-items: center; gap: 0.5rem; }
.erp-doc__attachments .erp-doc__file-size { color: var(--erp-muted, #5b6b78); font-size: 0.85rem; direction: ltr; unicode-bidi: isolate; }
.erp-doc__lines-head { display: flex; align-items: center; justify-content: space-between; gap: 1rem; flex-wrap: wrap; }
.erp-doc__facts { display: flex; flex-wrap: wrap; gap: 0.5rem 2rem; margin: 0 0 1rem; }
.erp-doc__facts dt { color: var(--erp-muted, #5b6b78); font-size: 0.85rem; }
.erp-doc__facts dd { margin: 0; font-weight: 600; }
.erp-print { display: none; }
.erp-print table { width: 100%; border-collapse: collapse; margin-block: 1rem; }
.erp-print th, .erp-print td { border: 1px solid #999; padding: 0.3rem 0.5rem; text-align: start; }
.erp-print dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0; }
.erp-print dt { font-weight: 600; }
.erp-print dd { margin: 0; }
.erp-print h1 { font-size: 1.4rem; margin: 0 0 0.75rem; }
/* the print header and signature lines of every print (issue 12) */
.erp-print__head { border-block-end: 2px solid #333; margin-block-end: 0.75rem; padding-block-end: 0.5rem; }
.erp-print__issuer { display: flex; gap: 1rem; align-items: flex-start; justify-content: space-between; margin-block-end: 0.5rem; }
.erp-print__logo { max-height: 4rem; max-width: 8rem; object-fit: contain; }
.erp-print__company { font-weight: 700; font-size: 1.15rem; }
.erp-print__head h1 { text-align: center; margin: 0.5rem 0 0; }
.erp-print__signatures { display: grid; grid-template-columns: repeat(3, 1fr); gap: 2rem; margin-block-start: 3rem; }
.erp-print__signature { display: flex; flex-direction: column; gap: 2.5rem; }
.erp-print__signature-line { border-block-end: 1px solid #333; }
/* a tax invoice or credit note (issue 14): A4, bilingual labels, seller and buyer side by side, the QR code */
.erp-tax-invoice { font-size: 0.85rem; }
.erp-tax-invoice__head { display: flex; gap: 1rem; align-items: flex-start; justify-content: space-between; border-block-end: 2px solid #333; padding-block-end: 0.5rem; margin-block-end: 0.75rem; }
.erp-tax-invoice__title { flex: 1; text-align: center; }
.erp-tax-invoice__qr img { display: block; }
.erp-tax-invoice__text { white-space: pre-line; text-align: center; margin: 0.5rem 0; }
.erp-tax-invoice__facts { margin-block-end: 0.75rem !important; }
.erp-tax-invoice__parties { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; margin-block: 0.75rem; }
.erp-tax-invoice__parties section { border: 1px solid #999; padding: 0.5rem; }
.erp-tax-invoice h2 { font-size: 1rem; margin: 0 0 0.5rem; }
.erp-tax-invoice__sums { display: grid; grid-template-columns: 3fr 2fr; gap: 1rem; align-items: start; }
.erp-tax-invoice caption { font-weight: 600; text-align: start; padding-block-end: 0.25rem; }
.erp-tax-invoice__grand th, .erp-tax-invoice__grand td { font-weight: 700; }
@page tax-invoice { size: A4; margin: 12mm; }
${RECEIPT_CSS}/* the print view is a child of body: on paper it is the only thing shown */
@media print {
  body > *:not(.erp-print) { display: none !important; }
  .erp-print { display: block !important; padding: 0.5rem; background: #fff; color: #000; }
  .erp-tax-invoice { page: tax-invoice; }
}
`;
