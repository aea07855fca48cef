/**
 * Writes the client texts as i18next JSON resources beside the code that shows them (issue 10 item 8), from the
 * TypeScript text modules they used to be: `<feature>/src/**\/locales/<language>/<namespace>.json`.
 *
 * Reproducible and idempotent: the same TS modules always give the same files, byte for byte, so texts added to
 * the TS modules on another branch are carried over by running it again after the merge:
 *
 *   pnpm exec tsx tools/i18n/ts-to-json.ts          (writes the JSON files)
 *   pnpm exec tsx tools/i18n/ts-to-json.ts --check  (exits 1 if a JSON file differs from its TS source)
 *
 * It reads (SOURCES below): packages/i18n/src/client/<language>.ts (the shell's and the UI kit's texts, with
 * screens/ and kit/ spread in), packages/i18n/src/client/inventory/index.ts, packages/i18n/src/labels/<language>.ts,
 * mfe-<name>/src/messages.ts and tests/e2e/fixtures/mfe-probe/src/messages.ts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LANGUAGES = ['ar', 'en', 'fr', 'de', 'pt', 'ku'] as const;
type Language = (typeof LANGUAGES)[number];
interface Tree {
  [key: string]: string | Tree;
}

/**
 * The shell's one 'shell' namespace is split by the feature folder that owns each screen; a key path listed
 * here goes to that folder's namespace (the shell looks a key up there when 'shell' lacks it: `fallbackNS`, so
 * the components keep their keys). Everything else stays in shell/src/locales/<language>/shell.json.
 */
const SHELL_SPLIT: readonly { keys: readonly string[]; dir: string; namespace: string }[] = [
  { keys: ['theme'], dir: 'shell/src/theme', namespace: 'theme' },
  { keys: ['screens.users', 'screens.permissions'], dir: 'shell/src/users', namespace: 'users' },
  { keys: ['screens.branches'], dir: 'shell/src/branches', namespace: 'branches' },
  {
    keys: [
      'screens.company',
      'screens.logs',
      'screens.tickets',
      'screens.subscription',
      'screens.changePassword',
      // main's /system-events page (pages/settings/SystemEventsPage.tsx), merged after this script was written
      'screens.systemEvents',
    ],
    dir: 'shell/src/pages/settings',
    namespace: 'settings',
  },
  { keys: ['screens.feedback'], dir: 'shell/src/feedback', namespace: 'feedback' },
];

/** Feature apps whose texts were a `messages` record in src/messages.ts (namespace: the app's name). */
const APP_MESSAGES: readonly { file: string; dir: string; namespace: string }[] = [
  ...['sales', 'purchases', 'accounts', 'restaurant', 'concrete'].map((app) => ({
    file: `mfe-${app}/src/messages.ts`,
    dir: `mfe-${app}/src`,
    namespace: `mfe_${app}`,
  })),
  {
    file: 'tests/e2e/fixtures/mfe-probe/src/messages.ts',
    dir: 'tests/e2e/fixtures/mfe-probe/src',
    namespace: 'mfe_probe',
  },
];

async function load<T>(file: string, name: string): Promise<T> {
  const module = (await import(pathToFileURL(path.join(ROOT, file)).href)) as Record<string, unknown>;
  if (!(name in module)) throw new Error(`${file} exports no '${name}'`);
  return module[name] as T;
}

/** Takes the subtree at a dotted path out of `tree` (both copies, the input is not changed). */
function take(tree: Tree, dotted: string): { rest: Tree; part: Tree } {
  const [head, ...tail] = dotted.split('.');
  const value = tree[head!];
  if (value === undefined) return { rest: tree, part: {} };
  const rest = { ...tree };
  if (tail.length === 0 || typeof value === 'string') {
    delete rest[head!];
    return { rest, part: { [head!]: value } };
  }
  const inner = take(value, tail.join('.'));
  rest[head!] = inner.rest;
  return { rest, part: { [head!]: inner.part } };
}

function merge(a: Tree, b: Tree): Tree {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const old = out[k];
    out[k] = typeof old === 'object' && typeof v === 'object' ? merge(old, v) : v;
  }
  return out;
}

/** 'fields.code' → { fields: { code } }: labels were flat keys; JSON resources nest them (the first dot). */
function nest(flat: Record<string, string>): Tree {
  const out: Record<string, Record<string, string>> = {};
  for (const [key, value] of Object.entries(flat)) {
    const dot = key.indexOf('.');
    if (dot < 0) throw new Error(`label key without a group: ${key}`);
    (out[key.slice(0, dot)] ??= {})[key.slice(dot + 1)] = value;
  }
  return out;
}

/** Every file to write: its path from the root and its content. */
async function outputs(): Promise<Map<string, Tree>> {
  const files = new Map<string, Tree>();
  const put = (dir: string, language: Language, namespace: string, tree: Tree) =>
    files.set(`${dir}/locales/${language}/${namespace}.json`, tree);

  const inventory = await load<Record<Language, Tree>>(
    'packages/i18n/src/client/inventory/index.ts',
    'inventoryMessages',
  );
  const apps = await Promise.all(
    APP_MESSAGES.map(async (app) => ({
      ...app,
      texts: await load<Record<Language, Tree>>(app.file, 'messages'),
    })),
  );
  for (const language of LANGUAGES) {
    const client = await load<{ shell: Tree; ui: Tree }>(`packages/i18n/src/client/${language}.ts`, language);
    let shell = client.shell;
    for (const split of SHELL_SPLIT) {
      let part: Tree = {};
      for (const key of split.keys) {
        const taken = take(shell, key);
        shell = taken.rest;
        part = merge(part, taken.part);
      }
      put(split.dir, language, split.namespace, part);
    }
    put('shell/src', language, 'shell', shell);
    put('packages/ui-kit/src', language, 'ui', client.ui);
    put('mfe-inventory/src', language, 'mfe_inventory', inventory[language]);
    for (const app of apps) put(app.dir, language, app.namespace, app.texts[language]);
    const labels = await load<Record<string, string>>(`packages/i18n/src/labels/${language}.ts`, language);
    put('packages/i18n/src', language, 'labels', nest(labels));
  }
  return files;
}

async function main() {
  const check = process.argv.includes('--check');
  if (!existsSync(path.join(ROOT, 'packages/i18n/src/client/en.ts'))) {
    // the TS text modules were deleted once their texts became JSON; a branch that still adds to them brings
    // them back in its merge, and this script carries its texts over (docs/architecture.md, 'Texts')
    console.log('i18n JSON: no TS text modules to convert (packages/i18n/src/client/en.ts is absent)');
    return;
  }
  const stale: string[] = [];
  for (const [file, tree] of await outputs()) {
    const target = path.join(ROOT, file);
    const text = `${JSON.stringify(tree, null, 2)}\n`;
    if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
    stale.push(file);
    if (check) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  console.log(
    stale.length === 0
      ? 'i18n JSON: up to date'
      : `${check ? 'i18n JSON out of date' : 'i18n JSON written'} (${stale.length} files): ${stale.join(' ')}`,
  );
  if (check && stale.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
