import { starterRecordId, type Migration } from '@erp/service-kit';

export const identityMigrations: Migration[] = [
  {
    name: 'identity_0001_initial',
    async up(knex) {
      await knex.schema.createTable('tenants', (t) => {
        t.string('id', 36).primary();
        t.string('name', 200).notNullable();
        t.string('subscription_start', 10).notNullable();
        t.string('subscription_end', 10).notNullable();
        t.boolean('active').notNullable();
        t.boolean('is_invoice_plan').notNullable();
        t.boolean('is_new').notNullable();
        t.string('default_branch_id', 36).nullable();
        t.string('created_at', 30).notNullable();
      });
      await knex.schema.createTable('company', (t) => {
        t.string('tenant_id', 36).primary();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.string('logo_url', 500).notNullable();
        t.string('fiscal_year_start', 10).notNullable();
        t.string('fiscal_year_end', 10).notNullable();
        t.text('phones').notNullable();
        t.string('fax', 30).notNullable();
        t.string('tax_number', 15).notNullable();
        t.bigInteger('tax_percentage').notNullable();
        t.string('commercial_register_number', 30).notNullable();
        t.string('country', 2).notNullable();
        t.string('currency', 3).notNullable();
        t.text('business_types').notNullable();
        t.string('updated_at', 30).notNullable();
      });
      await knex.schema.createTable('branches', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.boolean('is_master').notNullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.integer('decimal_digits').notNullable();
        t.text('data').notNullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
      });
      await knex.schema.createTable('users', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('user_name', 50).notNullable().unique();
        t.string('full_name', 120).notNullable();
        t.string('phone', 30).notNullable();
        t.string('email', 120).notNullable();
        t.string('password_hash', 200).notNullable();
        t.boolean('is_admin').notNullable();
        t.boolean('active').notNullable();
        t.text('permissions').notNullable();
        t.text('branches').notNullable();
        t.bigInteger('max_allowed_discount').notNullable();
        t.boolean('can_exceed_original_quantity').notNullable();
        t.boolean('can_raise_price_above_sales_price').notNullable();
        t.boolean('can_save_invoice_with_remainder').notNullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.index(['tenant_id', 'full_name']);
        t.index(['tenant_id', 'phone']);
      });
      await knex.schema.createTable('refresh_tokens', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('user_id', 36).notNullable();
        t.string('token_hash', 64).notNullable().unique();
        t.string('expires_at', 30).notNullable();
        t.string('revoked_at', 30).nullable();
        t.string('created_at', 30).notNullable();
        t.index(['tenant_id', 'user_id']);
      });
      await knex.schema.createTable('fiscal_years', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.integer('year').notNullable();
        t.string('start_date', 10).notNullable();
        t.string('end_date', 10).notNullable();
        t.unique(['tenant_id', 'year']);
      });
      await knex.schema.createTable('favorite_routes', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('user_id', 36).notNullable();
        t.string('route_url', 300).notNullable();
        t.string('title', 120).notNullable();
        t.string('created_at', 30).notNullable();
        t.unique(['tenant_id', 'user_id', 'route_url']);
      });
      await knex.schema.createTable('support_tickets', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('user_id', 36).notNullable();
        t.string('title', 200).notNullable();
        t.string('phone', 30).notNullable();
        t.string('email', 120).notNullable();
        t.text('message').notNullable();
        t.string('type', 30).notNullable();
        t.text('comment').notNullable();
        t.string('image_extension', 5).notNullable();
        t.text('image', 'mediumtext').nullable();
        t.string('status', 20).notNullable();
        t.string('created_at', 30).notNullable();
        t.index(['tenant_id', 'created_at']);
      });
      await knex.schema.createTable('audit_logs', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('event_id', 36).notNullable();
        t.string('service', 30).notNullable();
        t.string('entity', 60).notNullable();
        t.string('entity_id', 64).notNullable();
        t.string('action', 10).notNullable();
        t.string('property', 100).notNullable();
        t.text('before_value').nullable();
        t.text('after_value').nullable();
        t.string('user_id', 36).nullable();
        t.string('user_name', 50).nullable();
        t.string('occurred_at', 30).notNullable();
        t.index(['tenant_id', 'occurred_at']);
        t.index(['tenant_id', 'entity', 'entity_id']);
        t.index(['event_id']);
      });
    },
  },
  {
    name: 'identity_0002_password_reset_preferences_mail',
    async up(knex) {
      await knex.schema.alterTable('users', (t) => {
        t.string('pending_password_hash', 200).nullable();
        t.string('pending_password_expires_at', 30).nullable();
        t.text('preferences').nullable();
      });
      await knex.schema.createTable('mail_queue', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('to_address', 120).notNullable();
        t.string('subject', 200).notNullable();
        t.text('body').notNullable();
        t.string('status', 10).notNullable();
        t.text('error').nullable();
        t.string('created_at', 30).notNullable();
        t.string('sent_at', 30).nullable();
        t.index(['status', 'created_at']);
      });
    },
  },
  {
    // issue 9: tokens revoked at once (a version per user) and refresh-token families (reuse revokes all)
    name: 'identity_0003_token_versions',
    async up(knex) {
      await knex.schema.alterTable('users', (t) => {
        t.integer('token_version').notNullable().defaultTo(0);
      });
      await knex.schema.alterTable('refresh_tokens', (t) => {
        t.string('family_id', 36).nullable();
        t.index(['family_id']);
      });
      // a mailed one-time code is erased once sent and deleted unsent once expired
      await knex.schema.alterTable('mail_queue', (t) => {
        t.string('secret_until', 30).nullable();
      });
    },
  },
  {
    // issue 11: the spec's policies cannot change once any transaction exists (section 4). Frozen schema.
    name: 'identity_0004_branch_transactions',
    async up(knex) {
      await knex.schema.createTable('branch_transactions', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('branch_id', 36).notNullable();
        t.string('first_event_type', 80).notNullable();
        t.string('first_at', 30).notNullable();
        t.primary(['tenant_id', 'branch_id']);
      });
    },
  },
  {
    // issue 13: a branch's links to accounting accounts live in its data (JSON). Tenants made before get, on
    // their master and default branches, the links a new tenant gets: the default chart's accounts by their
    // starter ids (literal here: frozen, whatever the chart becomes). Other branches stay unlinked.
    name: 'identity_0005_branch_account_links',
    async up(knex) {
      const links: Record<string, string> = {
        cash: 'mainSafe',
        banks: 'mainBank',
        receivables: 'customers',
        payables: 'suppliers',
        sales: 'sales',
        salesReturns: 'salesReturns',
        vatOutput: 'vatOutput',
        vatInput: 'vatInput',
        inventory: 'merchandise',
        costOfGoodsSold: 'costOfGoodsSold',
        discountsAllowed: 'discountsAllowed',
        discountsReceived: 'discountsReceived',
        shortage: 'inventoryShortage',
        overflow: 'inventoryOverflow',
        damage: 'inventoryDamage',
        commissions: 'salesCommissions',
        stockReceipts: 'ownerCurrent',
        stockIssues: 'otherGeneralExpenses',
        goodsInTransit: 'goodsInTransit',
      };
      const tenants = (await knex('tenants').select('id', 'default_branch_id')) as {
        id: string;
        default_branch_id: string | null;
      }[];
      for (const tenant of tenants) {
        const rows = (await knex('branches')
          .where({ tenant_id: tenant.id })
          .andWhere((q) => {
            q.where({ is_master: true });
            if (tenant.default_branch_id) q.orWhere({ id: tenant.default_branch_id });
          })
          .select('id', 'data')) as { id: string; data: unknown }[];
        for (const row of rows) {
          const data = (typeof row.data === 'string' ? JSON.parse(row.data) : (row.data ?? {})) as Record<
            string,
            unknown
          >;
          if (data.accountLinks) continue;
          data.accountLinks = Object.fromEntries(
            Object.entries(links).map(([name, key]) => [name, starterRecordId(tenant.id, `account.${key}`)]),
          );
          await knex('branches')
            .where({ id: row.id })
            .update({ data: JSON.stringify(data) });
        }
      }
    },
  },
  {
    // issue 14: the print templates of the sales documents (the spec's invoice template), JSON beside the company
    name: 'identity_0006_print_templates',
    async up(knex) {
      await knex.schema.alterTable('company', (t) => {
        t.text('print_templates').nullable();
      });
    },
  },
  {
    // issue 15: the POS settings (/posConfigurations), JSON beside the company; none read as prefix 20, weight
    name: 'identity_0007_pos_configuration',
    async up(knex) {
      await knex.schema.alterTable('company', (t) => {
        t.text('pos_configuration').nullable();
      });
    },
  },
];
