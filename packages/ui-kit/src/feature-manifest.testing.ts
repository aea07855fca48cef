import { findMessageProblems, loadAllLanguages } from '@erp/i18n/src/client';
import type { FeatureManifest } from './contract';
import { parseManifest, staticPrefix } from './manifest';

/**
 * The checks every feature app's manifest passes (jest, in each app's `manifest.test.ts`): the shell's
 * contract, its routes equal to the screens that exist, menu entries that lead to them, and every text in the
 * six languages. Only tests import this file.
 */
export function describeFeatureManifest(
  name: string,
  app: {
    manifest: FeatureManifest;
    texts: Parameters<typeof loadAllLanguages>[0];
    screens: Readonly<Record<string, unknown>>;
  },
): void {
  const { manifest, texts, screens } = app;
  describe(`${name} manifest`, () => {
    it('keeps the shell contract', () => {
      expect(parseManifest(name, manifest)).toEqual(manifest);
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
}
