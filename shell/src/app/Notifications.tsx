import { lazy, Suspense, useState } from 'react';
import { useShellSelector } from '../state/store';

// PrimeReact's Toast is fetched with the first notice, not for the first paint (issue 3: shell initial JS); the
// notices wait in the store until shown, so none is lost meanwhile.
const NoticeToasts = lazy(() =>
  import(/* webpackChunkName: "notices" */ './NoticeToasts').then((m) => ({ default: m.NoticeToasts })),
);

/** Shows the queued notices (`NoticeToasts`), from the first one on. */
export function Notifications() {
  const pending = useShellSelector((s) => s.ui.notices.length > 0);
  const [active, setActive] = useState(false);
  if (pending && !active) setActive(true);
  return active ? (
    <Suspense fallback={null}>
      <NoticeToasts />
    </Suspense>
  ) : null;
}
