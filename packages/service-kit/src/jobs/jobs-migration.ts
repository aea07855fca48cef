import type { Migration } from '../db/migrations';

/**
 * Background jobs and their refused inputs, in every service's database. Frozen: the schema is written out
 * here and never read from a declaration, so a later change needs a new migration.
 */
export const jobsMigration: Migration = {
  name: 'kit_0002_jobs',
  async up(knex) {
    await knex.schema.createTable('jobs', (t) => {
      t.string('id', 36).primary();
      t.string('tenant_id', 36).notNullable();
      t.string('user_id', 36).notNullable();
      t.string('kind', 60).notNullable();
      t.string('resource', 200).notNullable();
      // tenant:kind:resource while the job is queued or running, null after: the unique index lets one
      // active job per resource exist on both engines (NULLs never collide), without partial indexes
      t.string('active_key', 300).nullable().unique('jobs_active_key_unique');
      t.string('status', 20).notNullable();
      t.integer('done').notNullable();
      t.integer('total').notNullable();
      t.boolean('cancel_requested').notNullable();
      t.text('context').notNullable();
      t.text('input', 'longtext').notNullable();
      t.text('state', 'longtext').notNullable();
      t.text('result', 'longtext').nullable();
      t.string('error_key', 100).nullable();
      t.text('error_params').nullable();
      t.string('claimed_by', 60).nullable();
      t.string('lease_until', 30).nullable();
      t.integer('attempts').notNullable();
      t.string('created_at', 30).notNullable();
      t.string('updated_at', 30).notNullable();
      t.string('finished_at', 30).nullable();
      t.index(['status', 'updated_at'], 'jobs_status_idx');
      t.index(['tenant_id', 'user_id', 'created_at'], 'jobs_owner_idx');
    });
    await knex.schema.createTable('job_rejections', (t) => {
      t.string('job_id', 36).notNullable();
      t.integer('row').notNullable();
      t.string('tenant_id', 36).notNullable();
      t.text('reasons').notNullable();
      t.primary(['job_id', 'row']);
    });
  },
};
