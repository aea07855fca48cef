import path from 'node:path';
import { languages, type Language } from '../index';
import {
  addClientLanguage,
  directionOf,
  fallbackOnDemand,
  findMessageProblems,
  isLanguage,
  loadAllLanguages,
  perLanguage,
  type MessageTree,
  type TextStore,
} from './index';
import { findLocaleNamespaces, readLocaleNamespace } from './locales';

const ROOT = path.resolve(__dirname, '../../../..');
const namespaces = findLocaleNamespaces(ROOT);

const flat = (tree: MessageTree): string[] =>
  Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : flat(v)));

describe('client texts (every locales/<language>/<namespace>.json of the workspace)', () => {
  it('are found beside every feature: the shell and its screens, the UI kit, the labels, each app', () => {
    const names = namespaces.map((n) => `${n.dir}/${n.namespace}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'shell/src/locales/shell',
        'shell/src/users/locales/users',
        'packages/ui-kit/src/locales/ui',
        'packages/i18n/src/locales/labels',
        'mfe-inventory/src/locales/mfe_inventory',
        'mfe-sales/src/locales/mfe_sales',
      ]),
    );
  });

  it('exist in exactly the six languages for every namespace', () => {
    for (const ns of namespaces)
      expect([ns.dir, ns.namespace, Object.keys(ns.files).sort()]).toEqual([
        ns.dir,
        ns.namespace,
        [...languages].sort(),
      ]);
  });

  it.each(namespaces.map((ns) => [`${ns.dir}/${ns.namespace}`, ns] as const))(
    '%s: the English key set in every language, no empty text, raw key or lost placeholder',
    (_name, ns) => {
      expect(findMessageProblems(readLocaleNamespace(ROOT, ns))).toEqual([]);
    },
  );

  it('give each namespace a name no other feature uses (one i18next instance holds several)', () => {
    const names = namespaces.map((n) => n.namespace);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('are really translated: each language differs from English in most texts of a namespace', () => {
    for (const ns of namespaces) {
      const all = readLocaleNamespace(ROOT, ns);
      const english = flat(all.en!);
      if (english.length < 20) continue; // a title or two may be the same word
      for (const language of languages.filter((l) => l !== 'en')) {
        const texts = flat(all[language]!);
        const same = texts.filter((t, i) => t === english[i]).length;
        expect([ns.namespace, language, same / texts.length < 0.25]).toEqual([ns.namespace, language, true]);
      }
    }
  });
});

describe('loaders', () => {
  function store(): TextStore & { added: string[] } {
    const bundles = new Map<string, object>();
    return {
      added: [],
      hasResourceBundle: (l, ns) => bundles.has(`${l}/${ns}`),
      addResourceBundle(l, ns, resources) {
        bundles.set(`${l}/${ns}`, resources);
        this.added.push(`${l}/${ns}`);
      },
    };
  }
  function fakeNamespace(name: string, fetched: string[]) {
    return perLanguage(async (l: Language) => {
      fetched.push(`${l}/${name}`);
      return { default: { hello: `${name} in ${l}` } };
    });
  }

  it('add only the language asked for, each namespace fetched once', async () => {
    const fetched: string[] = [];
    const namespaces = { shell: fakeNamespace('shell', fetched), ui: fakeNamespace('ui', fetched) };
    const s = store();
    await addClientLanguage(s, 'fr', namespaces);
    await addClientLanguage(s, 'fr', namespaces);
    expect(s.added).toEqual(['fr/shell', 'fr/ui']);
    await addClientLanguage(s, 'ku', { ui: namespaces.ui });
    expect(s.added).toEqual(['fr/shell', 'fr/ui', 'ku/ui']);
    // a second store (another app's instance) takes the cached texts: no second download
    await addClientLanguage(store(), 'fr', namespaces);
    expect(fetched).toEqual(['fr/shell', 'fr/ui', 'ku/ui']);
  });

  it('try a failed download again on the next call', async () => {
    let calls = 0;
    const flaky = perLanguage(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return { default: { a: 'b' } };
    });
    await expect(addClientLanguage(store(), 'de', { flaky })).rejects.toThrow('offline');
    const s = store();
    await addClientLanguage(s, 'de', { flaky });
    expect(s.added).toEqual(['de/flaky']);
  });

  it('fetch English on a missing key only for the namespaces they serve', async () => {
    const fetched: string[] = [];
    const s = store();
    const options = fallbackOnDemand(s, { shell: fakeNamespace('shell', fetched) });
    options.missingKeyHandler(['en'], 'mfe_sales'); // a manifest's labels: nothing to fetch
    options.missingKeyHandler(['en'], 'shell');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetched).toEqual(['en/shell']);
    expect(s.added).toEqual(['en/shell']);
  });

  it('load a namespace in every language', async () => {
    const all = await loadAllLanguages(fakeNamespace('x', []));
    expect(Object.keys(all)).toEqual([...languages]);
    expect(all.ku).toEqual({ hello: 'x in ku' });
  });
});

describe('findMessageProblems', () => {
  it('reports a missing key, an extra key, a raw key, an empty text and a lost placeholder', () => {
    const problems = findMessageProblems({
      en: { a: { b: 'Hello {{name}}', c: 'Bye' }, d: 'x' },
      ar: { a: { b: 'مرحبا', c: 'a.c' }, e: '', d: '' },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'ar: a.b placeholders differ from en',
        'ar: a.c looks like a raw key (a.c)',
        'ar: e is not in en',
        'ar: d is empty',
      ]),
    );
    expect(findMessageProblems({ en: { a: 'x' }, fr: {} })).toEqual(['fr: missing a']);
  });
});

describe('directionOf', () => {
  it('lays Arabic and Kurdish out right to left', () => {
    expect(languages.filter((l) => directionOf(l) === 'rtl')).toEqual(['ar', 'ku']);
    expect(isLanguage('ku')).toBe(true);
    expect(isLanguage('es')).toBe(false);
  });
});
