import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A module fetched once, on first demand: `start()` begins (or joins) the fetch, `current()` is what arrived, if it
 * did. A failed fetch is forgotten, so the next `start()` tries again (a screen's retry after a lost chunk).
 */
export function moduleSlot<T>(load: () => Promise<T>) {
  let value: { current: T } | null = null;
  let pending: Promise<T> | null = null;
  return {
    start(): Promise<T> {
      if (value) return Promise.resolve(value.current);
      pending ??= load().then(
        (loaded) => {
          value = { current: loaded };
          return loaded;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    current: (): { current: T } | null => value,
  };
}

/** A component whose code is fetched the first time it renders: `loadable`'s answer. */
export type Loadable<P> = ComponentType<P> & {
  /** Starts fetching its code ahead (a dialog about to show it, a route about to open). */
  preload(): void;
};

/**
 * A component whose code is fetched when it first renders, `fallback` standing in until it arrives: the code
 * splitting of every screen, list, form and dialog (issue 12, the first screen comes fast). Not `React.lazy` in a
 * Suspense boundary: React 19 holds back whatever a boundary reveals until 300 ms after the last fallback shown
 * anywhere on the page (FALLBACK_THROTTLE_MS, react#31819), and a cold screen went through three of them (the
 * signed-in layout, the feature app's screen group, the list's table), idle about half a second of its 1.5 s.
 * Here the code arrives as a state update, which React commits at once; once fetched, the component renders in
 * place with no fallback at all. A failed fetch is thrown at render, to the nearest error boundary (whose retry
 * mounts it again, fetching again).
 */
export function loadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): Loadable<P> {
  const slot = moduleSlot(load);
  function LoadableComponent(props: P) {
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    const [, setArrived] = useState(false);
    const loaded = slot.current();
    useEffect(() => {
      if (loaded) return undefined;
      let mounted = true;
      slot.start().then(
        () => mounted && setArrived(true),
        (error: unknown) => mounted && setFailure({ error }),
      );
      return () => {
        mounted = false;
      };
    }, [loaded]);
    if (failure) throw failure.error;
    if (!loaded) {
      // the fetch starts with the render, not after the commit (the effect above joins it)
      void slot.start().catch(() => undefined);
      return fallback;
    }
    const Component = loaded.current;
    return <Component {...props} />;
  }
  return Object.assign(LoadableComponent, {
    preload: () => void slot.start().catch(() => undefined),
  });
}
