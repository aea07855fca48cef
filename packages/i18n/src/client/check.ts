/** A language's texts: nested objects with string leaves. */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

function leaves(tree: MessageTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/** What a key looks like when a translation was forgotten: 'shell.nav.logout', 'remote.failed'. */
const RAW_KEY = /^[a-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/;

/**
 * Compares every language with English: the same keys, no empty text, no text that is a raw key, the same
 * `{{placeholders}}`. Returns one line per problem; empty when all is well. Used by the shell's and every
 * feature app's tests, so no language ever shows a raw key (design.md section 7).
 */
export function findMessageProblems(byLanguage: Record<string, MessageTree>, reference = 'en'): string[] {
  const base = byLanguage[reference];
  if (!base) return [`no ${reference} texts`];
  const english = leaves(base);
  const problems: string[] = [];
  for (const [language, tree] of Object.entries(byLanguage)) {
    const texts = leaves(tree);
    for (const key of english.keys()) if (!texts.has(key)) problems.push(`${language}: missing ${key}`);
    for (const [key, text] of texts) {
      const englishText = english.get(key);
      if (englishText === undefined) {
        problems.push(`${language}: ${key} is not in ${reference}`);
        continue;
      }
      if (!text.trim()) problems.push(`${language}: ${key} is empty`);
      if (text === key || text.endsWith(`.${key.split('.').pop()}`) || RAW_KEY.test(text)) {
        problems.push(`${language}: ${key} looks like a raw key (${text})`);
      }
      if (placeholders(text).join() !== placeholders(englishText).join()) {
        problems.push(`${language}: ${key} placeholders differ from ${reference}`);
      }
    }
  }
  return problems;
}
