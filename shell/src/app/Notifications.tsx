import { useState } from 'react';
import { loadable } from '@erp/ui-kit/src/loadable';
import { useShellSelector } from '../state/store';

// PrimeReact's Toast is fetched with the first notice, not for the first paint (issue 3: shell initial JS); the
// notices wait in the store until shown, so none is lost meanwhile.
const NoticeToasts = loadable(() =>
  import(/* webpackChunkName: "notices" */ './NoticeToasts').then((m) => m.NoticeToasts),
);

/** Shows the queued notices (`NoticeToasts`), from the first one on. */
export function Notifications() {
  const pending = useShellSelector((s) => s.ui.notices.length > 0);
  const [active, setActive] = useState(false);
  if (pending && !active) setActive(true);
  return active ? <NoticeToasts /> : null;
}
