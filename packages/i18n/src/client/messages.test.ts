import { languages, type Language } from '../index';
import {
  addClientLanguage,
  directionOf,
  findMessageProblems,
  isLanguage,
  loadClientMessages,
  type ClientMessages,
  type MessageTree,
  type TextStore,
} from './index';

async function allLanguages(): Promise<Record<Language, ClientMessages>> {
  const entries = await Promise.all(languages.map(async (l) => [l, await loadClientMessages(l)] as const));
  return Object.fromEntries(entries) as Record<Language, ClientMessages>;
}

describe('client messages', () => {
  it('exist for the six languages', async () => {
    const all = await allLanguages();
    expect(Object.keys(all).sort()).toEqual([...languages].sort());
  });

  it('have the English key set in every language, with no empty text, raw key or lost placeholder', async () => {
    const all = await allLanguages();
    expect(findMessageProblems(all as unknown as Record<string, MessageTree>)).toEqual([]);
  });

  it('are really translated: each language differs from English in most texts', async () => {
    const all = await allLanguages();
    const flat = (tree: MessageTree): string[] =>
      Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : flat(v)));
    const english = flat(all.en as unknown as MessageTree);
    for (const language of languages.filter((l) => l !== 'en')) {
      const texts = flat(all[language] as unknown as MessageTree);
      const same = texts.filter((t, i) => t === english[i]).length;
      expect(same / texts.length).toBeLessThan(0.25);
    }
  });

  it('hold the UI kit texts (the master-data screens) in the ui namespace', async () => {
    const ar = await loadClientMessages('ar');
    expect(ar.ui.md.save).toBe('حفظ');
    expect(ar.ui.noRecords).toBe('لا توجد سجلات');
  });
});

describe('addClientLanguage', () => {
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

  it('adds only the language asked for, once', async () => {
    const s = store();
    await addClientLanguage(s, 'fr', ['shell', 'ui']);
    await addClientLanguage(s, 'fr', ['shell', 'ui']);
    expect(s.added).toEqual(['fr/shell', 'fr/ui']);
    await addClientLanguage(s, 'ku', ['ui']);
    expect(s.added).toEqual(['fr/shell', 'fr/ui', 'ku/ui']);
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
