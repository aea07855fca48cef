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
.erp-md__actions { display: flex; gap: 0.5rem; justify-content: flex-end; margin-block-start: 1.25rem; }
.erp-md__notice { justify-content: flex-start; }
.erp-md-form { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 1rem 1.25rem; }
.erp-md-field { display: flex; flex-direction: column; gap: 0.35rem; min-width: 0; }
.erp-md-field--wide { grid-column: 1 / -1; }
.erp-md-field--check { flex-direction: row-reverse; justify-content: flex-end; align-items: center; gap: 0.5rem; }
.erp-md-field--check .erp-md-field__error { flex-basis: 100%; }
.erp-md-field__label { font-weight: 500; font-size: 0.9rem; }
.erp-md-field__required { color: var(--red-500, #ef4444); }
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
`;
