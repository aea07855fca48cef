import { languages } from '../index';
import { clientMessages, directionOf, findMessageProblems, isLanguage, type MessageTree } from './index';

describe('client messages', () => {
  it('exist for the six languages', () => {
    expect(Object.keys(clientMessages).sort()).toEqual([...languages].sort());
  });

  it('have the English key set in every language, with no empty text, raw key or lost placeholder', () => {
    expect(findMessageProblems(clientMessages as unknown as Record<string, MessageTree>)).toEqual([]);
  });

  it('are really translated: each language differs from English in most texts', () => {
    const flat = (tree: MessageTree): string[] =>
      Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : flat(v)));
    const english = flat(clientMessages.en as unknown as MessageTree);
    for (const language of languages.filter((l) => l !== 'en')) {
      const texts = flat(clientMessages[language] as unknown as MessageTree);
      const same = texts.filter((t, i) => t === english[i]).length;
      expect(same / texts.length).toBeLessThan(0.25);
    }
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
