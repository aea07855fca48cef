import type { Migration } from '@erp/service-kit';

/**
 * Frozen (issue 13, deliverable 4): the event-booked documents' codes in numbering order, so bulk posting walks a
 * code range of them by index as it does the vouchers'. A code that is not `seq` or `yy-seq` gets nulls (never in
 * a range). Existing rows are numbered here, with the parse as it was when written.
 */
export const postingCodesMigration: Migration = {
  name: 'accounts_0008_posting_codes',
  async up(knex) {
    await knex.schema.alterTable('posting_documents', (t) => {
      t.integer('code_year').nullable();
      t.bigInteger('code_seq').nullable();
      t.index(
        ['tenant_id', 'branch_id', 'document_type', 'code_year', 'code_seq'],
        'posting_documents_code_idx',
      );
    });
    const rows = (await knex('posting_documents').select(
      'tenant_id',
      'source_service',
      'document_type',
      'document_id',
      'code',
    )) as Record<string, string>[];
    for (const r of rows) {
      const m = /^(?:(\d{2})-)?(\d{1,12})$/.exec(String(r.code).trim());
      if (!m) continue;
      await knex('posting_documents')
        .where({
          tenant_id: r.tenant_id,
          source_service: r.source_service,
          document_type: r.document_type,
          document_id: r.document_id,
        })
        .update({ code_year: m[1] ? 2000 + Number(m[1]) : 0, code_seq: Number(m[2]) });
    }
  },
};
