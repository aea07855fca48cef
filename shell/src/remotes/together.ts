import { manifestsSettled, remoteLoading, type ManifestOutcome } from '../state/remotes';
import type { ShellDispatch } from '../state/store';

/**
 * How long the first manifests wait for the others: handed over one by one, each arrival rendered the menu and
 * the page again (five renders of 50 to 100 ms on home, most of Lighthouse's blocking time there); together,
 * once. A slow feature app does not hold the others' screens longer than this.
 */
export const TOGETHER_MS = 250;

/**
 * The first load of every feature app's manifest: the outcomes go to the store together, all of them or those
 * in by `waitMs` after the first; any later one on its own.
 */
export async function loadManifestsTogether(
  dispatch: ShellDispatch,
  names: readonly string[],
  fetchOne: (name: string) => Promise<ManifestOutcome>,
  waitMs = TOGETHER_MS,
): Promise<void> {
  for (const name of names) dispatch(remoteLoading(name));
  let held: ManifestOutcome[] | null = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const handOver = () => {
    clearTimeout(timer);
    if (held?.length) dispatch(manifestsSettled(held));
    held = null;
  };
  await Promise.all(
    names.map(async (name) => {
      const outcome = await fetchOne(name);
      if (held === null) dispatch(manifestsSettled([outcome]));
      else {
        held.push(outcome);
        timer ??= setTimeout(handOver, waitMs);
      }
    }),
  );
  handOver();
}
