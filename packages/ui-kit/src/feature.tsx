import type { i18n } from 'i18next';
import * as React from 'react';
import { createContext, useContext, type ComponentType, type ErrorInfo } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import singleSpaReact from 'single-spa-react';
import { PrimeReactProvider } from 'primereact/api';
import { matchPath } from '@erp/router';
import { PRIME_OPTIONS } from './a11y';
import type { LanguageLoaders } from '@erp/i18n/src/client';
import type { FeatureContext, FeatureLocation, FeatureProps } from './contract';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorPanel } from './ErrorPanel';
import { loadable } from './loadable';
import { createFeatureI18n, loadFeatureLanguage, prefetchPageLanguage } from './i18n';

/**
 * A screen of a feature app; `preload` starts fetching the code it shows first (a list's table, a form), so a
 * mount fetches it beside the app's texts instead of after its first render.
 */
export type Screen = ComponentType<{ location: FeatureLocation }> & { preload?: () => void };

/** A feature app's screens, keyed by the manifest route path they render. */
export type ScreenRegistry = Readonly<Record<string, Screen>>;

const FeatureReactContext = createContext<FeatureContext | null>(null);

/** The shell's context inside a feature app: session, permissions, branch, year, language, API, notify, navigate. */
export function useFeature(): FeatureContext {
  const context = useContext(FeatureReactContext);
  if (!context) throw new Error('useFeature() outside a feature app root');
  return context;
}

function ScreenFallback({ reset }: { reset: () => void }) {
  const { t } = useTranslation('ui');
  return (
    <ErrorPanel
      title={t('errorBoundary.title')}
      message={t('errorBoundary.message')}
      actionLabel={t('errorBoundary.retry')}
      onAction={reset}
    />
  );
}

function ScreenMissing() {
  const { t } = useTranslation('ui');
  return <ErrorPanel icon="pi pi-question-circle" title={t('screenMissing')} />;
}

/**
 * Screens whose code loads when one of them is first opened: `load` imports a module with their registry (one
 * chunk for the group), so an app's first screen does not fetch its other screens' code and rules (issue 12: a
 * screen fetches what it uses). `paths` are the routes the group renders, known without loading it.
 */
export function lazyScreens(paths: readonly string[], load: () => Promise<ScreenRegistry>): ScreenRegistry {
  let loaded: Promise<ScreenRegistry> | null = null;
  const registry = () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = null; // a failed chunk is fetched again on the next try (the screen's retry)
      throw error;
    });
    return loaded;
  };
  return Object.fromEntries(
    paths.map((path) => {
      const Screen = loadable(
        async () => {
          const screen = (await registry())[path];
          if (!screen) throw new Error(`no screen for ${path}`);
          return screen;
        },
        <i className="pi pi-spin pi-spinner erp-screen-loading" aria-hidden="true" />,
      );
      const group = Screen.preload;
      // the group's chunk, then what the screen shows first
      const preload = () => {
        group();
        void registry().then(
          (loaded) => loaded[path]?.preload?.(),
          () => undefined,
        );
      };
      return [path, Object.assign(Screen, { preload })];
    }),
  );
}

interface RootProps extends FeatureProps {
  i18n: i18n;
  screens: ScreenRegistry;
  onError?: (error: Error, info: ErrorInfo) => void;
}

/**
 * The root every feature app mounts: its own i18next instance following the shell's language, the shell's
 * context, and the screen of the matched route inside an error boundary that offers a retry.
 */
export function FeatureRoot({ context, location, i18n, screens, onError }: RootProps) {
  // The lifecycles fetch a language's texts before the props that ask for it arrive (`featureLifecycles`), so
  // changeLanguage completes synchronously: the new props render in the new language.
  if (i18n.language !== context.language) void i18n.changeLanguage(context.language);
  const Screen = screens[location.route];
  const title = i18n.t('title');
  return (
    <I18nextProvider i18n={i18n}>
      <PrimeReactProvider value={PRIME_OPTIONS}>
        <FeatureReactContext.Provider value={context}>
          <section className="erp-feature" dir={context.dir} lang={context.language} aria-label={title}>
            <ErrorBoundary
              resetKey={location.pathname}
              onError={onError}
              fallback={(_error, reset) => <ScreenFallback reset={reset} />}
            >
              {Screen ? <Screen location={location} /> : <ScreenMissing />}
            </ErrorBoundary>
          </section>
        </FeatureReactContext.Provider>
      </PrimeReactProvider>
    </I18nextProvider>
  );
}

/** single-spa-react's last-resort boundary (errors outside the screen's own boundary), translated. */
export function featureErrorBoundary(i18n: i18n) {
  return () => (
    <ErrorPanel title={i18n.t('ui:errorBoundary.title')} message={i18n.t('ui:errorBoundary.message')} />
  );
}

/**
 * Starts the code of the screen the page shows, when this app has it: called as the app's code loads, so the
 * screen's list or form arrives with the app's texts instead of after its first render (issue 12). The mount
 * asks again for the route it is given (a later navigation within the app).
 */
function preloadPageScreen(screens: ScreenRegistry): void {
  if (typeof location === 'undefined') return;
  const route = Object.keys(screens).find(
    (path) => matchPath({ path, caseSensitive: false, end: true }, location.pathname) !== null,
  );
  if (route) screens[route]?.preload?.();
}

/**
 * A feature app's single-spa lifecycles (style.md example 3): its i18next instance, its root with the screens,
 * and its error boundary. Mounting and every update first fetch the UI kit's texts in the context's language,
 * so the app never renders a language it has no texts for.
 */
export function featureLifecycles(options: {
  name: string;
  /** The app's own namespace (named after the app): `perLanguage((l) => import(\`./locales/${l}/<name>.json\`))`. */
  texts: LanguageLoaders;
  screens: ScreenRegistry;
}) {
  const i18n = createFeatureI18n(options.name, options.texts);
  prefetchPageLanguage(i18n);
  preloadPageScreen(options.screens);
  function Root(props: FeatureProps) {
    return <FeatureRoot {...props} i18n={i18n} screens={options.screens} />;
  }
  const lifecycles = singleSpaReact<FeatureProps>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    errorBoundary: featureErrorBoundary(i18n),
  });
  const update = lifecycles.update!;
  type Props = Parameters<typeof lifecycles.mount>[0];
  return {
    bootstrap: lifecycles.bootstrap,
    mount: async (props: Props) => {
      options.screens[props.location.route]?.preload?.();
      await loadFeatureLanguage(i18n, props.context.language);
      return lifecycles.mount(props);
    },
    unmount: lifecycles.unmount,
    update: async (props: Props) => {
      options.screens[props.location.route]?.preload?.();
      await loadFeatureLanguage(i18n, props.context.language);
      return update(props);
    },
  };
}
