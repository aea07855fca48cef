import { fromStored } from '@erp/contracts';
import type { Engine } from '../../../../tests/support/databases';
import { ADMIN_PASSWORD, bearer, login, startTestApp } from '../../../../tests/support/embedded-app';

/**
 * What the sales tests through the gateway share: the embedded product on an engine with the admin signed in, a
 * category, a piece unit, a store of the admin's branch, cash and card payment methods, the branch booking its
 * documents as their events come, and helpers to create records, read stock and read the ledger by link name.
 */
export async function salesFixture(engine: Engine) {
  const app = await startTestApp(engine);
  const admin = await login(app, 'admin', ADMIN_PASSWORD);
  await app.flush();
  const as = (language = 'en') => ({
    ...bearer(admin.token),
    BranchId: admin.defaultBranchId,
    Language: language,
  });
  async function create(path: string, body: object) {
    const res = await app.api.post(path).set(as()).send(body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; code: string } & Record<string, unknown>;
  }
  const ids = {
    category: (await create('/api/ItemCategories', { arabicName: 'مواد غذائية' })).id,
    piece: (await create('/api/Units', { arabicName: 'حبة' })).id,
    store: (await create('/api/Stores', { arabicName: 'مخزن المبيعات', branchId: admin.defaultBranchId })).id,
    cash: (await create('/api/PaymentMethods', { arabicName: 'نقدي', kind: 'cash' })).id,
    card: (await create('/api/PaymentMethods', { arabicName: 'مدى', kind: 'card' })).id,
  };
  // the branch books its documents as they come (its links are the default chart's)
  const startUp = await app.api.get('/api/aggregates/StartUp').set(as());
  const branch = startUp.body.branches.find((b: { id: string }) => b.id === admin.defaultBranchId);
  const links = branch.accountLinks as Record<string, string>;
  const saved = await app.api
    .put(`/api/Branches/${admin.defaultBranchId}`)
    .set(as())
    .send({ ...branch, switches: { ...branch.switches, automaticPosting: true } });
  if (saved.status !== 200) throw new Error(`branch: ${saved.status} ${JSON.stringify(saved.body)}`);
  await app.flush();

  /**
   * An item on sale at `salesPrice`, with `quantity` in the store at `cost`, once the services that copy items and
   * stock have its events (a sale straight after must find it: a busy machine delayed them past the next request).
   */
  async function item(name: string, barcode: string, salesPrice: string, cost: string, quantity: string) {
    const { id } = await create('/api/Items', {
      arabicName: name,
      barcode,
      categoryId: ids.category,
      mainUnitId: ids.piece,
      salesPrice,
      costPrice: cost,
      openingBalances: [{ storeId: ids.store, quantity, unitCost: cost }],
    });
    await app.flush();
    return id;
  }

  /** The item's stock in the fixture's store, by the ledger's movements (main units). */
  async function stockOf(itemId: string): Promise<string> {
    const row = await app.embedded.services
      .inventory!.db('stock_movements')
      .where({ item_id: itemId, store_id: ids.store })
      .sum({ q: 'quantity' })
      .first();
    return fromStored(String(row?.q ?? 0)).toString();
  }

  /** The net (debit − credit) per account link name of the entries of sales documents (one, or all of `types`). */
  async function ledgerOf(types: readonly string[], id?: string): Promise<Record<string, string>> {
    const q = app.embedded.services
      .accounts!.db('journal_lines as l')
      .join('journal_entries as e', 'e.id', 'l.entry_id')
      .whereIn(
        'e.source_type',
        types.map((t) => `sales.${t}`),
      );
    if (id) q.andWhere('e.source_id', id);
    const rows = (await q
      .groupBy('l.account_id')
      .select('l.account_id')
      .sum({ debit: 'l.debit', credit: 'l.credit' })) as {
      account_id: string;
      debit: unknown;
      credit: unknown;
    }[];
    const names = new Map(Object.entries(links).map(([name, account]) => [account, name]));
    return Object.fromEntries(
      rows
        .map(
          (r) =>
            [
              names.get(r.account_id) ?? r.account_id,
              fromStored(String(r.debit)).minus(fromStored(String(r.credit))),
            ] as const,
        )
        .filter(([, v]) => !v.isZero())
        .map(([k, v]) => [k, v.toFixed(2)]),
    );
  }

  return { app, admin, ids, links, as, create, item, stockOf, ledgerOf, stop: () => app.stop() };
}
export type SalesFixture = Awaited<ReturnType<typeof salesFixture>>;
