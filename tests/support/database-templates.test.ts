import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropStaleSqliteTemplates } from './database-templates';

describe("the test databases' SQLite templates", () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'erp-templates-test-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const file = (name: string, ageHours: number) => {
    const full = path.join(folder, name);
    writeFileSync(full, '');
    const at = (Date.now() - ageHours * 3600_000) / 1000;
    utimesSync(full, at, at);
    return full;
  };

  it("drops a database's templates of other migrations once they are a day old, and only those", () => {
    const current = file('tmpl_sales_aaaaaaaaaaaa.sqlite', 48);
    file('tmpl_sales_bbbbbbbbbbbb.sqlite', 25); // older migrations, a day old: dropped
    file('tmpl_sales_cccccccccccc.sqlite.0badf00d', 30); // one left half-made by a stopped run: dropped
    file('tmpl_sales_dddddddddddd.sqlite', 2); // another checkout may still be using it
    file('tmpl_sales_orders_eeeeeeeeeeee.sqlite', 48); // a template of a database 'sales_orders'
    file('tmpl_inventory_ffffffffffff.sqlite', 48); // another database's
    file('notes.txt', 48);

    dropStaleSqliteTemplates(folder, 'sales', current);

    expect(readdirSync(folder).sort()).toEqual([
      'notes.txt',
      'tmpl_inventory_ffffffffffff.sqlite',
      'tmpl_sales_aaaaaaaaaaaa.sqlite',
      'tmpl_sales_dddddddddddd.sqlite',
      'tmpl_sales_orders_eeeeeeeeeeee.sqlite',
    ]);
  });
});
