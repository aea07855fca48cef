// The theme is global to the page: loaded once, here, never by a feature app (toolchain.md).
import 'primereact/resources/themes/lara-light-teal/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadAppConfig } from './app/app-config';
import { applyLanguage, createShellI18n } from './app/i18n';
import { createShellServices } from './app/services';
import { loadRemotes } from './remotes/loader';
import { isOpenPath, LOGIN } from './app/routing';
import { loadFavorites } from './favorites/favorites';
import { loadWorkspace } from './state/workspace';
import { startOfflineWorker } from './app/offline';

const services = createShellServices();
const language = services.store.getState().ui.language;
void loadRemotes(services.store.dispatch);
void loadAppConfig(services.store.dispatch);
// A signed-in page asks for its workspace (branches, company, fiscal years) and favorites now, beside the first
// render, rather than once the layout has mounted (issue 12: the first screen's requests side by side).
if (
  services.store.getState().session.token !== null &&
  !isOpenPath(location.pathname) &&
  location.pathname.toLowerCase() !== LOGIN
) {
  void services.store.dispatch(loadWorkspace());
  void services.store.dispatch(loadFavorites());
}

startOfflineWorker(services);

// The texts of the chosen language come first (one chunk), then the first render, already translated.
void createShellI18n(language).then((i18n) => {
  void applyLanguage(i18n, language);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App services={services} i18n={i18n} />
    </StrictMode>,
  );
});
