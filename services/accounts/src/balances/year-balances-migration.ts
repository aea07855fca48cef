import type { Migration } from '@erp/service-kit';

/**
 * Frozen (issue 13, the trial balance's latency): `journal_year_balances`, the kept balances of
 * `journal_balances` summed per year ('YYYY' in `period`), at the same four grains and keys. An opening
 * balance (every line before a date) then reads one row per account and whole year before it, not one per month
 * of its history. `appendEntry` keeps it in the entry's own transaction; the backfill sums the month rows.
 */
export const yearBalancesMigration: Migration = {
  name: 'accounts_0014_year_balances',
  async up(knex) {
    const columns = `tenant_id varchar(36) not null, branch_id varchar(36) not null,
      cost_center_id varchar(36) not null, account_id varchar(36) not null, period varchar(4) not null,
      debit bigint not null, credit bigint not null,
      primary key (tenant_id, branch_id, cost_center_id, account_id, period)`;
    // SQLite: rows stored in the key's order (without rowid), as journal_balances
    if (String(knex.client.config.client) === 'better-sqlite3')
      await knex.raw(`create table journal_year_balances (${columns}) without rowid`);
    else await knex.raw(`create table journal_year_balances (${columns})`);
    await knex.raw(`insert into journal_year_balances
        (tenant_id, branch_id, cost_center_id, account_id, period, debit, credit)
      select tenant_id, branch_id, cost_center_id, account_id, substr(period, 1, 4), sum(debit), sum(credit)
      from journal_balances
      group by tenant_id, branch_id, cost_center_id, account_id, substr(period, 1, 4)`);
  },
};
