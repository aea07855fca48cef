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

const services = createShellServices();
const language = services.store.getState().ui.language;
void loadRemotes(services.store.dispatch);
void loadAppConfig(services.store.dispatch);

// The texts of the chosen language come first (one chunk), then the first render, already translated.
void createShellI18n(language).then((i18n) => {
  void applyLanguage(i18n, language);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App services={services} i18n={i18n} />
    </StrictMode>,
  );
});
