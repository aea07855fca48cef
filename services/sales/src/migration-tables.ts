import type { Migration } from '@erp/service-kit';

type Knex = Parameters<Migration['up']>[0];
type TableBuilder = Parameters<NonNullable<Parameters<Knex['schema']['createTable']>[1]>>[0];

/**
 * Frozen (written for sales_0004, 2026-11; used again by later migrations): the tables of one sales document type
 * as the money-document engine kept them then: the header with its money columns, the lines, and the payments
 * where the type takes them. Never changed: a later shape is a new helper or an alteration in a new migration.
 */
export interface SalesDocumentTableOptions {
  payments: boolean;
  converted: boolean;
  reason: boolean;
  /** Header columns of the type's own (a contract's period). */
  extra?: (t: TableBuilder) => void;
}

export async function createSalesDocumentTables(
  knex: Knex,
  table: string,
  o: SalesDocumentTableOptions,
): Promise<void> {
  await knex.schema.createTable(table, (t) => {
    t.string('id', 36).primary();
    t.string('tenant_id', 36).notNullable();
    t.string('branch_id', 36).nullable();
    t.string('code', 20).notNullable();
    t.integer('year').notNullable();
    t.bigInteger('seq').notNullable();
    t.string('date', 10).notNullable();
    t.string('status', 20).notNullable();
    t.string('reference_number', 40).notNullable();
    t.text('notes').notNullable();
    t.string('customer_id', 36).nullable();
    t.string('payment_type', 200).nullable();
    t.string('agent_id', 36).nullable();
    t.string('discount_type', 200).nullable();
    t.bigInteger('discount').nullable();
    if (o.reason) t.string('reason', 200).nullable();
    o.extra?.(t);
    t.integer('revision').notNullable();
    t.bigInteger('total_quantity').notNullable();
    t.bigInteger('total_value').notNullable();
    for (const c of ['line_net', 'discount', 'tax_exclusive', 'vat', 'tax_inclusive'])
      t.bigInteger(`money_${c}`).notNullable().defaultTo(0);
    if (o.payments) {
      t.bigInteger('money_paid').notNullable().defaultTo(0);
      t.bigInteger('money_change').notNullable().defaultTo(0);
      t.string('paid_status', 10).notNullable().defaultTo('not');
      // set when issued: the tax authority's invoice UUID, the issuing unit (a branch's back office, a
      // till), its counter (unbroken per unit) and the previous invoice's hash, and this one's
      t.string('invoice_uuid', 36).nullable();
      t.string('issue_unit', 80).nullable();
      t.bigInteger('issue_counter').nullable();
      t.string('previous_hash', 64).nullable();
      t.string('invoice_hash', 64).nullable();
      t.string('issued_at', 30).nullable();
    }
    if (o.converted) {
      t.string('source_type', 60).nullable();
      t.string('source_id', 36).nullable();
      t.index(['tenant_id', 'source_id']);
    }
    t.string('created_by', 36).nullable();
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.unique(['tenant_id', 'code']);
    t.index(['tenant_id', 'branch_id', 'date']);
    t.index(['tenant_id', 'customer_id']);
  });
  await knex.schema.createTable(`${table}_lines`, (t) => {
    t.string('tenant_id', 36).notNullable();
    t.string('document_id', 36).notNullable();
    t.integer('line_no').notNullable();
    t.string('item_id', 36).nullable();
    t.string('unit_id', 36).nullable();
    t.string('store_id', 36).nullable();
    t.bigInteger('quantity').nullable();
    t.bigInteger('price').nullable();
    t.string('discount_type', 200).nullable();
    t.bigInteger('discount').nullable();
    t.string('tax_category', 200).nullable();
    t.bigInteger('tax_rate').nullable();
    t.bigInteger('value').notNullable();
    if (o.converted) t.integer('source_line_no').nullable();
    t.primary(['tenant_id', 'document_id', 'line_no']);
    t.index(['tenant_id', 'item_id']);
  });
  if (o.payments)
    await knex.schema.createTable(`${table}_payments`, (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('document_id', 36).notNullable();
      t.integer('line_no').notNullable();
      t.string('payment_method_id', 36).notNullable();
      t.bigInteger('amount').notNullable();
      t.primary(['tenant_id', 'document_id', 'line_no']);
    });
}
