import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { languages } from '@erp/i18n';
import { loadAllLanguages } from '@erp/i18n/src/client';
import { findLocaleNamespaces, readLocaleNamespace } from '@erp/i18n/src/client/locales';
import { uiNamespace, type UiTexts } from '@erp/ui-kit/src/locales';
import { shellNamespaces } from './index';

const ROOT = path.resolve(__dirname, '../../..');
const found = findLocaleNamespaces(ROOT);
const jsonOf = (dir: string, namespace: string) => {
  const ns = found.find((n) => n.dir === dir && n.namespace === namespace);
  if (!ns) throw new Error(`no ${dir}/<language>/${namespace}.json`);
  return readLocaleNamespace(ROOT, ns);
};

describe('the shell loads its texts', () => {
  it('has a loader for every namespace beside its code, so a new one is not forgotten', () => {
    const beside = found.filter((n) => n.dir.startsWith('shell/')).map((n) => n.namespace);
    expect(Object.keys(shellNamespaces).sort()).toEqual(beside.sort());
  });

  it.each(Object.keys(shellNamespaces))('%s: each language from its own JSON file', async (namespace) => {
    const dir = found.find((n) => n.dir.startsWith('shell/') && n.namespace === namespace)!.dir;
    const loaded = await loadAllLanguages(shellNamespaces[namespace as keyof typeof shellNamespaces]);
    expect(loaded).toEqual(jsonOf(dir, namespace));
    expect(Object.keys(loaded)).toEqual([...languages]);
  });

  it("takes the UI kit's texts from the kit ('ui' namespace)", async () => {
    const loaded = await loadAllLanguages(uiNamespace.ui);
    expect(loaded).toEqual(jsonOf('packages/ui-kit/src/locales', 'ui'));
    // typed from the English JSON: a key renamed there fails the typecheck here
    const ar = loaded.ar as unknown as UiTexts;
    expect(ar.md.save).toBe('حفظ');
    expect(ar.noRecords).toBe('لا توجد سجلات');
  });
});

/** The leaf texts of a namespace, as dotted keys. */
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v as object, `${prefix}${k}.`),
  );
}

describe("the shell's components", () => {
  // what the page loads at start (createShellI18n) and what each lazy settings chunk brings (loadScreenTexts)
  const atStart = ['shell', 'theme', 'feedback'];
  const byFolder: Record<string, string> = {
    users: 'users',
    branches: 'branches',
    'pages/settings': 'settings',
  };
  const english = (namespace: string) => {
    const ns = found.find((n) => n.dir.startsWith('shell/') && n.namespace === namespace)!;
    return keysOf(readLocaleNamespace(ROOT, ns).en!);
  };
  const files = (readdirSync(path.join(ROOT, 'shell/src'), { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))
    .map((f) => f.split(path.sep).join('/'));

  it.each(files)('%s asks only for keys its loaded namespaces hold', (file) => {
    const source = readFileSync(path.join(ROOT, 'shell/src', file), 'utf8');
    const folder = Object.keys(byFolder).find((dir) => file.startsWith(`${dir}/`));
    const available = new Set([...atStart, ...(folder ? [byFolder[folder]!] : [])].flatMap(english));
    // literal keys only ('screens.users.email'); a computed key's prefix is covered by the key-set test
    const keys = [...source.matchAll(/\bt\(\s*'([\w.]+)'/g)].map((m) => m[1]!);
    expect(keys.filter((k) => !available.has(k))).toEqual([]);
  });
});
