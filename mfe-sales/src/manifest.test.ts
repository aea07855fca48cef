import { findMessageProblems, loadAllLanguages } from '@erp/i18n/src/client';
import { parseManifest, staticPrefix } from '@erp/ui-kit/src/manifest';
import { manifest } from './manifest';
import { texts } from './locales';
import { screens } from './screens';

describe('mfe_sales manifest', () => {
  it('keeps the shell contract', () => {
    expect(parseManifest('mfe_sales', manifest)).toEqual(manifest);
  });

  it('lists exactly the screens that exist, and menu entries that lead to them', () => {
    expect(manifest.routes.map((r) => r.path).sort()).toEqual(Object.keys(screens).sort());
    const paths = manifest.routes.map((r) => staticPrefix(r.path));
    for (const entry of manifest.menu) expect(paths).toContain(entry.path);
  });

  it('has every text in the six languages', async () => {
    expect(findMessageProblems(await loadAllLanguages(texts))).toEqual([]);
    expect(findMessageProblems({ en: {}, ...manifest.messages })).toEqual([]);
  });
});
