import type { i18n } from 'i18next';
import { PrimeReactProvider } from 'primereact/api';
import { PRIME_OPTIONS } from '@erp/ui-kit/src/a11y';
import { useEffect, useState } from 'react';
import { loadable } from '@erp/ui-kit/src/loadable';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from '@erp/router';
import { useShellSelector } from '../state/store';
import { AppRoutes } from './AppRoutes';
import { applyLanguage, addFeatureMessages } from './i18n';
import { useManifests } from './manifests';
import { Notifications } from './Notifications';
import { ApiContext } from './ServicesContext';
import type { ShellServices } from './services';
import { ThemeEffects } from './ThemeEffects';
import { PreferencesSync } from '../theme/PreferencesSync';

// What only a signed-in user sees loads after sign-in, not with the login form (issue 3: shell initial JS):
// the floating buttons, and the subscription dialog once a subscription refusal asks for it (its Dialog is not
// fetched by every screen, issue 12). The settings lists' confirmation dialog comes with them (settings/screens).
const FloatingButtons = loadable(() =>
  import(/* webpackChunkName: "floating-buttons" */ '../feedback/FloatingButtons').then(
    (m) => m.FloatingButtons,
  ),
);
const SubscriptionDialog = loadable(() =>
  import(/* webpackChunkName: "subscription-dialog" */ './SubscriptionDialog').then(
    (m) => m.SubscriptionDialog,
  ),
);

function SignedInExtras() {
  const signedIn = useShellSelector((s) => s.session.token !== null);
  const subscriptionProblem = useShellSelector((s) => s.ui.subscriptionProblem !== null);
  // once shown the dialog stays mounted, so it closes with its animation
  const [subscriptionAsked, setSubscriptionAsked] = useState(false);
  if (subscriptionProblem && !subscriptionAsked) setSubscriptionAsked(true);
  if (!signedIn) return null;
  return (
    <>
      <FloatingButtons />
      {subscriptionAsked || subscriptionProblem ? <SubscriptionDialog /> : null}
    </>
  );
}

/** Keeps the page's language, direction and the feature apps' labels in step with the store. */
function LanguageEffects({ i18n }: { i18n: i18n }) {
  const language = useShellSelector((s) => s.ui.language);
  const manifests = useManifests();
  useEffect(() => {
    void applyLanguage(i18n, language);
  }, [i18n, language]);
  useEffect(() => {
    for (const manifest of manifests) addFeatureMessages(i18n, manifest);
  }, [i18n, manifests]);
  return null;
}

export function App({ services, i18n }: { services: ShellServices; i18n: i18n }) {
  return (
    <Provider store={services.store}>
      <I18nextProvider i18n={i18n}>
        <ApiContext.Provider value={services.api}>
          <PrimeReactProvider value={PRIME_OPTIONS}>
            <BrowserRouter>
              <LanguageEffects i18n={i18n} />
              <ThemeEffects />
              <PreferencesSync />
              <AppRoutes />
              <Notifications />
              <SignedInExtras />
            </BrowserRouter>
          </PrimeReactProvider>
        </ApiContext.Provider>
      </I18nextProvider>
    </Provider>
  );
}
