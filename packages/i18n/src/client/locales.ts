import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MessageTree } from './check';

/** One namespace of one feature: `<dir>/locales/<language>/<namespace>.json`, by language. */
export interface LocaleNamespace {
  /** The feature's `locales` folder, from the workspace root ('shell/src/users/locales'). */
  dir: string;
  namespace: string;
  files: Record<string, string>;
}

const SKIP = new Set([
  'node_modules',
  'dist',
  'data',
  'coverage',
  '.git',
  'test-results',
  'playwright-report',
]);

/**
 * Every i18next JSON resource of the workspace, found by walking it (not listed anywhere), so a new feature or
 * namespace is checked by the missing-key test the moment its files exist. Node only (tests, tools).
 */
export function findLocaleNamespaces(root: string): LocaleNamespace[] {
  const found = new Map<string, LocaleNamespace>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (!entry.isDirectory() || SKIP.has(entry.name)) continue;
      const child = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.name === 'locales') collect(child);
      else walk(child);
    }
  };
  const collect = (dir: string) => {
    for (const language of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (!language.isDirectory()) continue;
      for (const file of readdirSync(path.join(root, dir, language.name))) {
        if (!file.endsWith('.json')) continue;
        const namespace = file.slice(0, -'.json'.length);
        const key = `${dir}/${namespace}`;
        const entry = found.get(key) ?? { dir, namespace, files: {} };
        entry.files[language.name] = `${dir}/${language.name}/${file}`;
        found.set(key, entry);
      }
    }
  };
  walk('');
  return [...found.values()].sort((a, b) =>
    `${a.dir}/${a.namespace}`.localeCompare(`${b.dir}/${b.namespace}`),
  );
}

/** A namespace's texts by language, read from its JSON files. */
export function readLocaleNamespace(root: string, ns: LocaleNamespace): Record<string, MessageTree> {
  return Object.fromEntries(
    Object.entries(ns.files).map(([language, file]) => [
      language,
      JSON.parse(readFileSync(path.join(root, file), 'utf8')) as MessageTree,
    ]),
  );
}
