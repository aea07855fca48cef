import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

type Node = { id: string; parentId: string | null };

const PAIRS = Number(process.env.TREE_CONCURRENT_PAIRS ?? 12);
const ROUNDS = Number(process.env.TREE_CONCURRENT_ROUNDS ?? 3);

/** The records on a cycle: walking up from them never reaches a root. */
function cycleMembers(nodes: readonly Node[]): string[] {
  const parent = new Map(nodes.map((n) => [n.id, n.parentId]));
  return nodes
    .filter((n) => {
      const seen = new Set<string>();
      for (let at: string | null | undefined = n.id; at; at = parent.get(at)) {
        if (seen.has(at)) return true;
        seen.add(at);
      }
      return false;
    })
    .map((n) => n.id);
}

/**
 * Two opposite moves at once (A under B while B goes under A) each pass the loop check on what they read; on
 * MySQL only the tree's lock keeps the second from reading before the first commits. Many pairs at the same
 * instant: one of each pair wins, the other is refused with 'validation.ownParent', and no cycle is stored.
 * (SQLite has one writer, so the same test holds there without a lock.)
 */
describe.each(engines())('opposite tree moves at the same instant on %s', (engine) => {
  let app: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    app = await startTestApp(engine);
    await app.flush();
    const who = await login(app, 'admin', ADMIN_PASSWORD);
    headers = { ...bearer(who.token), BranchId: who.defaultBranchId, Language: 'en' };
  });
  afterAll(async () => app?.stop());

  it.each([
    ['/api/CostCenters', {}],
    ['/api/Accounts', { nature: 'debit', accountType: 'balanceSheet' }],
  ] as const)('%s stores no cycle', async (path, extra) => {
    const body = (name: string, parentId: string | null) => ({
      arabicName: name,
      parentId,
      isSub: parentId !== null,
      ...extra,
    });
    for (let round = 0; round < ROUNDS; round++) {
      const pairs: [string, string][] = [];
      for (let i = 0; i < PAIRS; i++) {
        const ids: string[] = [];
        for (const side of ['a', 'b']) {
          const res = await app.api
            .post(path)
            .set(headers)
            .send(body(`${side}${round}-${i}`, null));
          expect(res.status).toBe(201);
          ids.push(res.body.id as string);
        }
        pairs.push([ids[0]!, ids[1]!]);
      }
      const move = (id: string, parentId: string, name: string) =>
        app.api.put(`${path}/${id}`).set(headers).send(body(name, parentId));
      const results = await Promise.all(
        pairs.flatMap(([a, b], i) => [move(a, b, `a${round}-${i}`), move(b, a, `b${round}-${i}`)]),
      );
      // of each pair exactly one move wins and the other meets the loop rule
      for (let i = 0; i < PAIRS; i++) {
        const [first, second] = [results[2 * i]!, results[2 * i + 1]!];
        const outcomes = [first, second].map((r) =>
          r.status === 200 ? 'moved' : `${r.status} ${r.body.errors?.[0]?.code ?? r.body.code}`,
        );
        expect(outcomes.sort()).toEqual(['400 validation.ownParent', 'moved']);
      }
      const stored = (await app.api.get(`${path}/tree`).set(headers)).body.items as Node[];
      expect(cycleMembers(stored)).toEqual([]);
    }
  });
});
