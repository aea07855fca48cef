import { AppError, migrate, migrationsOf, openDatabase, type Db } from '@erp/service-kit';
import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';
import { accountsModule } from '../src';
import {
  appendEntry,
  entryHash,
  reverseEntry,
  verifyChain,
  verifyJournal,
  type JournalLineInput,
} from '../src/journal';

const TENANT = 'tenant-journal';

/** A balanced entry: cash debited, sales credited. */
const simple = (amount: string): JournalLineInput[] => [
  { accountId: 'cash', debit: amount, credit: '0' },
  { accountId: 'sales', debit: '0', credit: amount },
];

describe.each(engines())('the journal hash chain on %s', (engine) => {
  let dbs: TestDatabases;
  let db: Db;
  let source = 0;
  beforeAll(async () => {
    dbs = testDatabases(engine);
    db = await openDatabase(dbs.config('accounts_journal'));
    await migrate(db, migrationsOf(accountsModule));
  });
  afterAll(async () => {
    await db?.destroy();
    await dbs?.cleanup();
  });

  const append = (branchId: string, lines: JournalLineInput[], date = '2026-03-01') =>
    db.transaction((trx) =>
      appendEntry(trx, {
        tenantId: TENANT,
        branchId,
        date,
        source: { type: 'voucher', id: `v-${++source}`, revision: 1 },
        lines,
      }),
    );
  /** A chain of `n` sound entries in its own branch. */
  async function chain(branchId: string, n = 5) {
    const out = [];
    for (let i = 1; i <= n; i++) out.push(await append(branchId, simple(`${i}00.5`)));
    expect((await verifyChain(db, TENANT, branchId)).broken).toBeNull();
    return out;
  }
  const refusal = async (lines: JournalLineInput[]) => {
    const error = await append('refused', lines).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    return { key: (error as AppError).key, fields: (error as AppError).fields.map((f) => f.code) };
  };

  it("refuses unbalanced, empty, zero, negative and two-sided lines with the spec's messages, writing nothing", async () => {
    expect(await refusal(simple('10').map((l, i) => (i ? { ...l, credit: '9.9999' } : l)))).toEqual({
      key: 'constraintUnbalanced',
      fields: ['constraintUnbalanced'],
    });
    expect((await refusal([])).key).toBe('journal.noLines');
    expect((await refusal([...simple('5'), { accountId: 'x', debit: '0', credit: '0' }])).fields).toEqual([
      'journal.zeroLine',
    ]);
    expect(
      (
        await refusal([
          { accountId: 'cash', debit: '-5', credit: '0' },
          { accountId: 'sales', debit: '0', credit: '-5' },
        ])
      ).fields,
    ).toEqual(['journal.negativeAmount', 'journal.negativeAmount']);
    expect((await refusal([{ accountId: 'cash', debit: '5', credit: '5' }, ...simple('1')])).fields).toEqual([
      'journal.debitAndCredit',
    ]);
    expect((await refusal(simple('0.00001'))).fields).toEqual(['validation.decimal', 'validation.decimal']);
    // the refused appends left no entry, no line and no head behind
    const [entries] = await db('journal_entries')
      .where({ tenant_id: TENANT, branch_id: 'refused' })
      .count({ n: '*' });
    expect(Number(entries!.n)).toBe(0);
    expect(await db('journal_chains').where({ branch_id: 'refused' }).first()).toBeUndefined();
  });

  it('links each entry to the one before and keeps one chain per branch', async () => {
    const a = await chain('sound-a', 3);
    const b = await chain('sound-b', 2);
    expect(a.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(b.map((e) => e.seq)).toEqual([1, 2]);
    expect(a[1]!.prevHash).toBe(a[0]!.hash);
    expect(a[0]!.prevHash).toBe('0'.repeat(64));
    expect(b[0]!.prevHash).toBe('0'.repeat(64));
    const one = await verifyJournal(db, TENANT, 'sound-a');
    expect(one).toEqual({
      ok: true,
      verified: 3,
      chains: [{ branchId: 'sound-a', verified: 3, headSeq: 3, broken: null }],
    });
  });

  it('finds an edited amount, even one that keeps the entry balanced', async () => {
    const e = await chain('edit-amount');
    await db('journal_lines').where({ entry_id: e[2]!.id }).update({ debit: 1, credit: 0 });
    await db('journal_lines').where({ entry_id: e[2]!.id, line_no: 2 }).update({ debit: 0, credit: 1 });
    const r = await verifyChain(db, TENANT, 'edit-amount');
    expect(r.broken).toMatchObject({ seq: 3, entryId: e[2]!.id, reason: 'journal.contentChanged' });
    expect(r.verified).toBe(2);
  });

  it("finds an edited header (the date) and an edited line's account", async () => {
    const e = await chain('edit-header');
    await db('journal_entries').where({ id: e[3]!.id }).update({ date: '2026-02-28' });
    await db('journal_lines').where({ entry_id: e[1]!.id, line_no: 1 }).update({ account_id: 'bank' });
    expect((await verifyChain(db, TENANT, 'edit-header')).broken).toMatchObject({
      seq: 2,
      reason: 'journal.contentChanged',
    });
  });

  it('finds a line inserted into a posted entry and a line deleted from one', async () => {
    const e = await chain('line-insert');
    await db('journal_lines').insert({
      entry_id: e[1]!.id,
      line_no: 3,
      tenant_id: TENANT,
      account_id: 'cash',
      debit: 0,
      credit: 0,
      note: '',
    });
    expect((await verifyChain(db, TENANT, 'line-insert')).broken).toMatchObject({
      seq: 2,
      reason: 'journal.contentChanged',
    });
    const f = await chain('line-delete');
    await db('journal_lines').where({ entry_id: f[4]!.id, line_no: 2 }).delete();
    expect((await verifyChain(db, TENANT, 'line-delete')).broken).toMatchObject({
      seq: 5,
      reason: 'journal.contentChanged',
    });
  });

  it('names the entry after a deleted one', async () => {
    const e = await chain('delete-middle');
    await db('journal_lines').where({ entry_id: e[1]!.id }).delete();
    await db('journal_entries').where({ id: e[1]!.id }).delete();
    expect((await verifyChain(db, TENANT, 'delete-middle')).broken).toMatchObject({
      seq: 3,
      entryId: e[2]!.id,
      reason: 'journal.entryMissing',
    });
  });

  it('finds an entry inserted in the middle, even one hashed by the rules with the later ones renumbered', async () => {
    const e = await chain('insert-middle');
    // make room at 3: the later entries move up one (from the end, so the unique place never collides)
    for (const seq of [5, 4, 3])
      await db('journal_entries')
        .where({ branch_id: 'insert-middle', seq })
        .update({ seq: seq + 1 });
    const forged = {
      id: 'forged-entry',
      tenantId: TENANT,
      branchId: 'insert-middle',
      seq: 3,
      date: '2026-03-01',
      sourceType: 'voucher',
      sourceId: 'forged',
      sourceRevision: 1,
      reversesEntryId: null,
      memo: '',
      postedAt: new Date().toISOString(),
      lines: [
        { lineNo: 1, accountId: 'cash', costCenterId: null, debit: 10000, credit: 0, note: '' },
        { lineNo: 2, accountId: 'sales', costCenterId: null, debit: 0, credit: 10000, note: '' },
      ],
    };
    const hash = entryHash(forged, e[1]!.hash);
    await db('journal_entries').insert({
      id: forged.id,
      tenant_id: TENANT,
      branch_id: forged.branchId,
      seq: 3,
      date: forged.date,
      source_type: 'voucher',
      source_id: 'forged',
      source_revision: 1,
      reverses_entry_id: null,
      memo: '',
      total_debit: 10000,
      total_credit: 10000,
      posted_at: forged.postedAt,
      posted_by: null,
      prev_hash: e[1]!.hash,
      hash,
    });
    await db('journal_lines').insert(
      forged.lines.map((l) => ({
        entry_id: forged.id,
        line_no: l.lineNo,
        tenant_id: TENANT,
        account_id: l.accountId,
        cost_center_id: null,
        debit: l.debit,
        credit: l.credit,
        note: '',
      })),
    );
    // the forged entry itself holds; the entry after it no longer links to what precedes it
    expect((await verifyChain(db, TENANT, 'insert-middle')).broken).toMatchObject({
      seq: 4,
      entryId: e[2]!.id,
      reason: 'journal.linkBroken',
    });
  });

  it('finds two entries whose order was swapped', async () => {
    const e = await chain('swap');
    await db('journal_entries').where({ id: e[1]!.id }).update({ seq: -1 });
    await db('journal_entries').where({ id: e[2]!.id }).update({ seq: 2 });
    await db('journal_entries').where({ id: e[1]!.id }).update({ seq: 3 });
    expect((await verifyChain(db, TENANT, 'swap')).broken).toMatchObject({
      seq: 2,
      entryId: e[2]!.id,
      reason: 'journal.linkBroken',
    });
  });

  it('finds the last entries deleted, and an entry appended behind the head', async () => {
    const e = await chain('tail-delete');
    await db('journal_lines').where({ entry_id: e[4]!.id }).delete();
    await db('journal_entries').where({ id: e[4]!.id }).delete();
    expect((await verifyChain(db, TENANT, 'tail-delete')).broken).toEqual({
      seq: 5,
      entryId: null,
      date: null,
      sourceType: null,
      sourceId: null,
      reason: 'journal.headMismatch',
    });
    const f = await chain('tail-insert', 2);
    // a sound third entry, then the head put back where it was: the entry is past the recorded head
    await append('tail-insert', simple('7'));
    await db('journal_chains')
      .where({ tenant_id: TENANT, branch_id: 'tail-insert' })
      .update({ last_seq: 2, last_hash: f[1]!.hash });
    expect((await verifyChain(db, TENANT, 'tail-insert')).broken).toMatchObject({
      seq: 3,
      reason: 'journal.entryAfterHead',
    });
  });

  it('walks a chain longer than one chunk', async () => {
    await chain('chunks', 7);
    await db('journal_lines')
      .where({ entry_id: (await db('journal_entries').where({ branch_id: 'chunks', seq: 6 }).first()).id })
      .update({ note: 'changed' });
    const r = await verifyChain(db, TENANT, 'chunks', 2);
    expect(r.broken).toMatchObject({ seq: 6, reason: 'journal.contentChanged' });
    expect(r.verified).toBe(5);
  });

  it('books a reversal as a new entry with the lines swapped, once', async () => {
    const [e] = await chain('reversal', 1);
    const reverse = () =>
      db.transaction((trx) =>
        reverseEntry(trx, TENANT, e!.id, {
          date: '2026-03-02',
          source: { type: 'voucher', id: 'v-r', revision: 2 },
        }),
      );
    const r = await reverse();
    expect(r.seq).toBe(2);
    const lines = await db('journal_lines').where({ entry_id: r.id }).orderBy('line_no');
    expect(lines.map((l) => [l.account_id, String(l.debit), String(l.credit)])).toEqual([
      ['cash', '0', '1005000'],
      ['sales', '1005000', '0'],
    ]);
    expect((await db('journal_entries').where({ id: r.id }).first()).reverses_entry_id).toBe(e!.id);
    expect(((await reverse().catch((x: unknown) => x)) as AppError).key).toBe('journal.alreadyReversed');
    expect((await verifyChain(db, TENANT, 'reversal')).broken).toBeNull();
  });
});
