/** The till's full-screen layout: large totals, a wide scan field, the side panel for keys and payment. */
export const tillCss = `
.erp-till { position: fixed; inset: 0; display: flex; flex-direction: column; background: #f4f6f8; font-size: 1.1rem; z-index: 10; }
.erp-till__bar { display: flex; gap: 1.5rem; align-items: center; padding: .5rem 1rem; background: #1f2937; color: #fff; flex-wrap: wrap; }
.erp-till__online { color: #86efac; font-weight: 600; }
.erp-till__offline { color: #fca5a5; font-weight: 600; }
.erp-till__main { flex: 1; display: grid; grid-template-columns: 1fr 26rem; gap: 1rem; padding: 1rem; overflow: hidden; }
.erp-till__sale { display: flex; flex-direction: column; gap: .5rem; overflow: auto; }
.erp-till__scan { font-size: 1.6rem; padding: .6rem; border: 2px solid #2563eb; border-radius: 6px; }
.erp-till__message { padding: .5rem; border-radius: 6px; font-weight: 600; }
.erp-till__message--error { background: #fee2e2; color: #991b1b; }
.erp-till__message--info { background: #dcfce7; color: #166534; }
.erp-till__lines { width: 100%; border-collapse: collapse; background: #fff; }
.erp-till__lines th, .erp-till__lines td { padding: .4rem; border-bottom: 1px solid #e5e7eb; text-align: start; }
.erp-till__lines tr[data-selected='true'] { background: #dbeafe; }
.erp-till__exit { margin-inline-start: auto; padding: .25rem .75rem; }
.erp-till__side { display: flex; flex-direction: column; gap: .75rem; overflow: auto; }
.erp-till__totals { background: #111827; color: #fff; padding: 1rem; border-radius: 8px; display: grid; gap: .25rem; }
.erp-till__totals div { display: flex; justify-content: space-between; }
.erp-till__grand { font-size: 2.4rem; font-weight: 700; }
.erp-till__buttons { display: grid; grid-template-columns: 1fr 1fr; gap: .4rem; }
.erp-till__buttons button, .erp-till__panel button { padding: .5rem; font-size: 1rem; }
.erp-till__panel { background: #fff; padding: .75rem; border-radius: 8px; display: flex; flex-direction: column; gap: .5rem; }
.erp-till__panel ul { list-style: none; margin: 0; padding: 0; display: grid; gap: .25rem; }
.erp-till__issue { background: #16a34a; color: #fff; font-size: 1.4rem !important; border: 0; border-radius: 6px; }
.erp-till__quick { display: grid; grid-template-columns: repeat(auto-fill, minmax(8rem, 1fr)); gap: .4rem; }
.erp-till__quick button { min-height: 3.5rem; padding: .4rem; font-size: 1rem; background: #fff; border: 1px solid #93c5fd; border-radius: 6px; }
.erp-till__mode { padding: .4rem 1rem; background: #fef3c7; color: #92400e; font-weight: 700; }
.erp-till__key { display: flex; gap: .5rem; align-items: center; }
`;
