import type { Migration } from '@erp/service-kit';

/**
 * Frozen (issue 13, deliverable 7's performance): the kept balances, so a report's cost does not grow with the
 * journal's history, and the columns the account statement and general ledger page on.
 *
 * `journal_balances` holds, per tenant, account and month, the debit and credit sums of the posted lines at four
 * grains: one branch or every branch ('' = all), one cost center or every line whatever its cost center
 * ('' = all). A trial balance over all branches then reads one row per account and month, however many lines
 * and branches there are. `appendEntry` keeps it in the entry's own transaction.
 *
 * `journal_lines` gains its entry's branch and date (copied at append from the hashed entry), so an
 * account's lines are read in date order from one index.
 */
export const balancesMigration: Migration = {
  name: 'accounts_0004_balances',
  async up(knex) {
    // the key's columns: '' = every branch, '' = every line whatever its cost center; the month as YYYY-MM
    const columns = `tenant_id varchar(36) not null, branch_id varchar(36) not null,
      cost_center_id varchar(36) not null, account_id varchar(36) not null, period varchar(7) not null,
      debit bigint not null, credit bigint not null,
      primary key (tenant_id, branch_id, cost_center_id, account_id, period)`;
    // SQLite: rows stored in the key's order (without rowid), so a report's range read touches no second
    // b-tree; InnoDB clusters on the primary key already
    if (String(knex.client.config.client) === 'better-sqlite3')
      await knex.raw(`create table journal_balances (${columns}) without rowid`);
    else await knex.raw(`create table journal_balances (${columns})`);
    await knex.schema.alterTable('journal_lines', (t) => {
      t.string('branch_id', 36).notNullable().defaultTo('');
      t.string('date', 10).notNullable().defaultTo('');
    });
    await knex.raw(`update journal_lines set
      branch_id = (select e.branch_id from journal_entries e where e.id = journal_lines.entry_id),
      date = (select e.date from journal_entries e where e.id = journal_lines.entry_id)`);
    await knex.schema.alterTable('journal_lines', (t) => {
      // an account's statement and ledger, in date then posting order (entry ids are time-ordered); it starts
      // with (tenant_id, account_id), so that index goes: one index less to keep on every append. The lines of
      // some days are found through the entries' (tenant_id, date) index.
      t.index(['tenant_id', 'account_id', 'date', 'entry_id'], 'journal_lines_account_date');
      t.dropIndex(['tenant_id', 'account_id']);
    });
    // the backfill: the four grains from the lines posted so far
    const grains = [
      { branch: 'branch_id', center: "''", where: '' },
      { branch: "''", center: "''", where: '' },
      { branch: 'branch_id', center: 'cost_center_id', where: 'where cost_center_id is not null' },
      { branch: "''", center: 'cost_center_id', where: 'where cost_center_id is not null' },
    ];
    for (const g of grains)
      await knex.raw(`insert into journal_balances
          (tenant_id, branch_id, cost_center_id, account_id, period, debit, credit)
        select tenant_id, ${g.branch}, ${g.center}, account_id, substr(date, 1, 7), sum(debit), sum(credit)
        from journal_lines ${g.where}
        group by tenant_id, ${g.branch}, ${g.center}, account_id, substr(date, 1, 7)`);
  },
};
