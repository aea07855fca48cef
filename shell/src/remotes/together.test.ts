import type { FeatureManifest } from '@erp/ui-kit/src/declare';
import { configLoaded, remotesSlice, type ManifestOutcome, type RemotesState } from '../state/remotes';
import { loadManifestsTogether } from './together';

const manifest = (name: string) => ({ name, routes: [] }) as unknown as FeatureManifest;

/** A store of the remotes slice alone that counts the changes its subscribers (the menu, the page) would see. */
function remotesStore(names: string[]) {
  let state: RemotesState = remotesSlice.reducer(
    undefined,
    configLoaded(Object.fromEntries(names.map((n) => [n, `/mfe/${n}/remoteEntry.js`]))),
  );
  let settledChanges = 0;
  const dispatch = ((action: Parameters<typeof remotesSlice.reducer>[1]) => {
    state = remotesSlice.reducer(state, action);
    if (action.type !== 'remotes/remoteLoading') settledChanges++;
    return action;
  }) as never;
  return { dispatch, state: () => state, changes: () => settledChanges };
}

const after = (ms: number, outcome: ManifestOutcome) =>
  new Promise<ManifestOutcome>((resolve) => setTimeout(() => resolve(outcome), ms));

describe("the feature apps' manifests on the first load", () => {
  it('reach the store together: one change for all of them, failures included', async () => {
    const names = ['mfe_a', 'mfe_b', 'mfe_c', 'mfe_d'];
    const store = remotesStore(names);
    await loadManifestsTogether(
      store.dispatch,
      names,
      (name) =>
        after(
          names.indexOf(name) * 15,
          name === 'mfe_c' ? { name, error: 'mfe_c: 502' } : { name, manifest: manifest(name) },
        ),
      1000,
    );
    expect(store.changes()).toBe(1);
    const s = store.state();
    expect(names.map((n) => s.byName[n]!.status)).toEqual(['ready', 'ready', 'failed', 'ready']);
    expect(s.byName.mfe_c!.error).toBe('mfe_c: 502');
    expect(s.byName.mfe_b!.manifest?.name).toBe('mfe_b');
  });

  it('do not wait for a slow one beyond the wait: the others first, the slow one on its own', async () => {
    const names = ['mfe_fast', 'mfe_also', 'mfe_slow'];
    const store = remotesStore(names);
    const seen: string[][] = [];
    const load = loadManifestsTogether(
      store.dispatch,
      names,
      (name) => after(name === 'mfe_slow' ? 400 : 10, { name, manifest: manifest(name) }),
      50,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    const s = store.state();
    seen.push(names.filter((n) => s.byName[n]!.status === 'ready'));
    await load;
    seen.push(names.filter((n) => store.state().byName[n]!.status === 'ready'));
    expect(seen).toEqual([['mfe_fast', 'mfe_also'], names]);
    expect(store.changes()).toBe(2);
  });
});
