import { createApiClient, type ApiClient } from '@erp/api-client';
import { signedOut, refreshed } from '../state/session';
import { createShellStore, type ShellStore } from '../state/store';
import { noticeAdded, subscriptionProblemShown } from '../state/ui';
import { workspaceCleared } from '../state/workspace';

export interface ShellServices {
  store: ShellStore;
  api: ApiClient;
}

/**
 * The store and the API client, wired together: the client reads the spec's headers from the session and
 * reports session outcomes back to it (spec section 8). Navigation follows from the state: a signed-out session
 * is sent to /login by the route guard.
 */
export function createShellServices(): ShellServices {
  const extra = {} as { api: ApiClient };
  const store = createShellStore(extra);
  const signOut = () => {
    store.dispatch(signedOut());
    store.dispatch(workspaceCleared());
  };
  extra.api = createApiClient({
    session: {
      snapshot: () => {
        const { session, ui } = store.getState();
        return {
          token: session.token,
          refreshToken: session.profile?.refreshToken ?? null,
          language: ui.language,
          branchId: session.branchId,
          fiscalYear: session.fiscalYear ? (session.fiscalYear.year ?? 'all') : null,
        };
      },
      refreshed: (profile) => store.dispatch(refreshed(profile)),
    },
    onSessionExpired: () => {
      signOut();
      store.dispatch(
        noticeAdded({
          kind: 'alert',
          severity: 'error',
          summaryKey: 'alerts.sessionExpiredTitle',
          detailKey: 'alerts.expiredToken',
        }),
      );
    },
    onUnauthorized: (problem) => {
      signOut();
      store.dispatch(
        noticeAdded({
          kind: 'alert',
          severity: 'error',
          summaryKey: 'alerts.unauthorizedTitle',
          ...(problem.detail ? { detail: problem.detail } : { detailKey: 'alerts.unexpected' }),
        }),
      );
    },
    onSubscriptionProblem: (problem) => store.dispatch(subscriptionProblemShown(problem.detail)),
    onError: (error) =>
      store.dispatch(
        noticeAdded({
          kind: 'alert',
          severity: 'error',
          summaryKey: 'alerts.errorTitle',
          ...(error.status === 0
            ? { detailKey: 'alerts.networkError' }
            : error.detail
              ? { detail: error.detail }
              : { detailKey: 'alerts.unexpected' }),
        }),
      ),
  });
  return { store, api: extra.api };
}
