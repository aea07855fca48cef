import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';
import { dec } from '@erp/contracts';

/**
 * Issue 12 item 5: a document list's quantity column never adds different units. Each row gives its quantities
 * per main unit of its items with the units' names (as the document read and the report engine do), checked
 * against a simple model: quantity × the unit's rate, summed per main unit.
 */
describe.each(engines())('a document list’s quantities per main unit on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;
  const year = new Date().getFullYear();
  const as = () => ({
    ...bearer(admin.token),
    BranchId: admin.defaultBranchId,
    FiscalYear: String(year),
    Language: 'en',
  });
  const ids: Record<string, string> = {};
  /** unit → [main unit, rate] per item */
  const rates: Record<string, Record<string, [string, string]>> = {};
  const made: { id: string; lines: { itemId: string; unitId: string; quantity: string }[] }[] = [];

  async function create(path: string, body: Record<string, unknown>) {
    const res = await app.api.post(path).set(as()).send(body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string };
  }

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    await app.flush();
    for (const [key, name] of [
      ['piece', 'Piece'],
      ['carton', 'Carton'],
      ['kg', 'Kilogram'],
      ['sack', 'Sack'],
    ] as const)
      ids[key] = (await create('/api/Units', { arabicName: name, englishName: name })).id;
    const category = await create('/api/ItemCategories', { arabicName: 'Food' });
    ids.store = (await create('/api/Stores', { arabicName: 'Main', branchId: admin.defaultBranchId })).id;
    ids.sugar = (
      await create('/api/Items', {
        code: 'SUG',
        arabicName: 'Sugar',
        barcode: 'SUG-1',
        categoryId: category.id,
        mainUnitId: ids.piece,
        units: [{ unitId: ids.carton, conversionRate: '24' }],
      })
    ).id;
    ids.rice = (
      await create('/api/Items', {
        code: 'RIC',
        arabicName: 'Rice',
        barcode: 'RIC-1',
        categoryId: category.id,
        mainUnitId: ids.kg,
        units: [{ unitId: ids.sack, conversionRate: '50' }],
      })
    ).id;
    rates[ids.sugar!] = { [ids.piece!]: [ids.piece!, '1'], [ids.carton!]: [ids.piece!, '24'] };
    rates[ids.rice!] = { [ids.kg!]: [ids.kg!, '1'], [ids.sack!]: [ids.kg!, '50'] };
    // 5 cartons and 10 pieces of sugar with 2.5 kg of rice: 130 pieces and 2.5 kg, never 17.5 nor 132.5
    const first = [
      { itemId: ids.sugar!, unitId: ids.carton!, quantity: '5' },
      { itemId: ids.sugar!, unitId: ids.piece!, quantity: '10' },
      { itemId: ids.rice!, unitId: ids.kg!, quantity: '2.5' },
    ];
    made.push({ id: (await addition(first, 1)).id, lines: first });
    // a few more of random items, units and quantities (a seeded generator: the same on every run)
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let d = 0; d < 4; d++) {
      const lines = Array.from({ length: 1 + next(4) }, () => {
        const itemId = next(2) === 0 ? ids.sugar! : ids.rice!;
        const units = Object.keys(rates[itemId]!);
        return { itemId, unitId: units[next(units.length)]!, quantity: `${1 + next(40)}.${next(10)}` };
      });
      made.push({ id: (await addition(lines, d + 2)).id, lines });
    }
  });
  afterAll(async () => app?.stop());

  const addition = (lines: { itemId: string; unitId: string; quantity: string }[], day: number) =>
    create('/api/AdditionOrders', {
      date: `${year}-01-${String(day).padStart(2, '0')}`,
      storeId: ids.store,
      lines: lines.map((l) => ({ ...l, unitCost: '3' })),
    });

  /** The model: each line's quantity times its unit's rate, summed per main unit. */
  function expected(lines: { itemId: string; unitId: string; quantity: string }[]) {
    const sums = new Map<string, ReturnType<typeof dec>>();
    for (const l of lines) {
      const [main, rate] = rates[l.itemId]![l.unitId]!;
      sums.set(main, (sums.get(main) ?? dec(0)).plus(dec(l.quantity).times(rate)));
    }
    return [...sums].map(([unitId, q]) => ({ unitId, quantity: q.toString() }));
  }

  it('gives each row its quantities per main unit with the units’ names', async () => {
    const res = await app.api.get('/api/AdditionOrders').query({ pageSize: 50 }).set(as());
    expect(res.status).toBe(200);
    type Row = {
      id: string;
      quantityTotals: { unitId: string; quantity: string }[];
      names: Record<string, { englishName: string }>;
    };
    const rows = new Map((res.body.items as Row[]).map((r) => [r.id, r]));
    const first = rows.get(made[0]!.id)!;
    expect(first.quantityTotals).toEqual(
      expect.arrayContaining([
        { unitId: ids.piece, quantity: '130' },
        { unitId: ids.kg, quantity: '2.5' },
      ]),
    );
    expect(first.quantityTotals).toHaveLength(2);
    expect(first.names[ids.piece!]!.englishName).toBe('Piece');
    expect(first.names[ids.kg!]!.englishName).toBe('Kilogram');
    for (const doc of made) {
      const row = rows.get(doc.id)!;
      const byUnit = (xs: { unitId: string; quantity: string }[]) =>
        Object.fromEntries(xs.map((x) => [x.unitId, dec(x.quantity).toString()]));
      expect(byUnit(row.quantityTotals)).toEqual(byUnit(expected(doc.lines)));
      for (const t of row.quantityTotals) expect(row.names[t.unitId]).toBeDefined();
    }
  });
});
