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
