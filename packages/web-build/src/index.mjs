// One rspack + Module Federation set-up for the shell (host) and every feature app (remote), so the shared
// singletons and loaders cannot drift between apps (design.md section 7; toolchain.md's working shape).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

/**
 * The shared singletons: one React, one PrimeReact, one i18next and one router on the page. 'primereact/' keeps
 * its trailing slash because apps import subpaths only ('primereact/button'). Versions come from the app's own
 * package.json, so a remote built against another major is refused by the runtime instead of breaking.
 */
export function sharedSingletons(dependencies) {
  const one = (name, pkg = name) => ({
    singleton: true,
    // a workspace package has no published version to ask for: the one the shell provides is the one
    requiredVersion: dependencies[pkg]?.startsWith('workspace:') ? false : (dependencies[pkg] ?? false),
  });
  return {
    react: one('react'),
    'react/jsx-runtime': one('react/jsx-runtime', 'react'),
    'react-dom': one('react-dom'),
    'react-dom/client': one('react-dom/client', 'react-dom'),
    'primereact/': one('primereact/', 'primereact'),
    i18next: one('i18next'),
    'react-i18next': one('react-i18next'),
    // the router's parts the apps use (react-router itself is never imported elsewhere: a lint rule)
    '@erp/router': one('@erp/router'),
  };
}

/**
 * What every feature app's screens use besides the singletons above and is small: decimal.js and the client
 * texts' loader. The shell provides them and the feature apps take them from it (`import: false`: a remote ships
 * no copy). The UI kit, the contracts, zod and the phone metadata are NOT shared: a shared module is provided
 * whole (no tree shaking across the federation boundary), which made every screen fetch every form's rules; each
 * app bundles what it imports of them instead (issue 12: a screen fetches what it uses). `@erp/i18n` itself is
 * not shared: its server texts and labels come in all six languages and each app keeps only what it imports.
 */
export const providedByShell = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'provided-by-shell.json'), 'utf8'),
);

function sharedConfig(host) {
  const pinned = { singleton: true, requiredVersion: false };
  return Object.fromEntries(
    providedByShell.map((name) => [name, host ? pinned : { ...pinned, import: false }]),
  );
}

/**
 * A remote's manifest (routes, permissions, menu entries, their labels) as `manifest.json` beside its
 * remoteEntry.js: the shell builds its menu and route table from six small JSON files and loads a feature app's
 * remoteEntry.js, and the chunks behind it, only when one of its screens is opened (issue 12: a screen fetches what
 * it uses). The manifest module is plain declarations, evaluated here at build time (tsx runs the TypeScript).
 */
class ManifestJsonPlugin {
  constructor(source) {
    this.source = source;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ManifestJson', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'ManifestJson', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const { tsImport } = await import('tsx/esm/api');
          const module = await tsImport(pathToFileURL(this.source).href, import.meta.url);
          const manifest = module.manifest ?? module.default;
          if (!manifest || typeof manifest !== 'object')
            throw new Error(`${this.source}: no manifest export`);
          compilation.emitAsset('manifest.json', new rspack.sources.RawSource(JSON.stringify(manifest)));
        },
      );
    });
  }
}

/**
 * PrimeReact's icons are stateless SVG components, about a hundred of them: shared under 'primereact/' each became
 * a chunk of its own (a request and a wrapper per icon, some 25 KB gz on a list screen) and an entry in every
 * app's share table. Rewriting their imports to file paths before the federation sees them takes them out of the
 * shared scope: each icon is bundled with the component that draws it.
 */
function unsharedPrimeIcons(dir) {
  const primereact = path.dirname(
    createRequire(path.join(dir, 'package.json')).resolve('primereact/package.json'),
  );
  return new rspack.NormalModuleReplacementPlugin(/^primereact\/icons\/[a-z]+$/, (resolveData) => {
    resolveData.request = path.join(primereact, resolveData.request.slice('primereact/'.length));
  });
}

/**
 * Modules the browser has in a lighter form (issue 12: a screen fetches what it uses), put in place of the
 * server's by file: the contracts' phone rule fetches libphonenumber's metadata where a phone is validated
 * (every build), and a feature app fetches the server's messages and the labels one language at a time (the shell
 * keeps all six: its sign-in form translates before any feature app loads).
 */
const packagesDir = fileURLToPath(new URL('../../', import.meta.url));
const BROWSER_VARIANTS = [
  {
    request: /^(\.\/|@erp\/contracts\/src\/)phone-check$/,
    context: /[\\/]contracts[\\/]src$/,
    file: path.join(packagesDir, 'contracts/src/phone-check.browser.ts'),
    remotesOnly: false,
  },
  {
    request: /^\.\/server-texts$/,
    context: /[\\/]i18n[\\/]src$/,
    file: path.join(packagesDir, 'i18n/src/server-texts.browser.ts'),
    remotesOnly: true,
  },
  {
    // the labels too, one language and English; the manifests import labels.ts by its package path, untouched
    request: /^\.\/labels$/,
    context: /[\\/]i18n[\\/]src$/,
    file: path.join(packagesDir, 'i18n/src/labels.browser.ts'),
    remotesOnly: true,
  },
];
function browserVariants(host) {
  const variants = BROWSER_VARIANTS.filter((v) => !(host && v.remotesOnly));
  return new rspack.NormalModuleReplacementPlugin(/(phone-check|server-texts|labels)$/, (resolveData) => {
    for (const v of variants)
      if (
        v.request.test(resolveData.request) &&
        (resolveData.request.startsWith('@erp/') || v.context.test(resolveData.context))
      )
        resolveData.request = v.file;
  });
}

/** The federation SDK the shell hands to the feature apps: its files, as the federation runtime resolves them. */
const federationRequire = createRequire(
  createRequire(import.meta.url).resolve('@module-federation/enhanced'),
);
const PROVIDE_SDK = path.join(import.meta.dirname, 'provide-federation-sdk.cjs');
const SDK_GLOBALS = {
  '@module-federation/sdk': '_ERP_FEDERATION_SDK',
  '@module-federation/error-codes': '_ERP_FEDERATION_ERROR_CODES',
};

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Each script, stylesheet and JSON file beside itself brotli- and gzip-compressed, once at build time: the gateway
 * serves these as they are (gateway/src/web.ts), so a cold page costs the server no compression and the browser
 * fewer bytes than on-the-fly gzip gave (issue 12: the first screen comes fast).
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('Precompress', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'Precompress', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const files = Object.keys(assets).filter((name) => /\.(js|css|json)$/.test(name));
          await Promise.all(
            files.map(async (name) => {
              const source = compilation.getAsset(name).source.buffer();
              if (source.length < 1024) return; // not worth a request header's size
              const [br, gz] = await Promise.all([
                brotli(source, {
                  params: {
                    // 10, not 11: within 2 % of the size at a third of the build time
                    [zlib.BROTLI_PARAM_QUALITY]: 10,
                    [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
                  },
                }),
                gzipped(source, { level: 9 }),
              ]);
              const info = { compressed: true, immutable: compilation.getAsset(name).info.immutable };
              compilation.emitAsset(`${name}.br`, new rspack.sources.RawSource(br), info);
              compilation.emitAsset(`${name}.gz`, new rspack.sources.RawSource(gz), info);
            }),
          );
        },
      );
    });
  }
}

function readPackage(dir) {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
}

/**
 * @param {{ dir: string, name: string, kind: 'host' | 'remote', exposes?: Record<string, string>,
 *           mode?: string, title?: string }} options
 */
export function webConfig({ dir, name, kind, exposes = {}, mode, title = 'ERP' }) {
  const production = (mode ?? process.env.NODE_ENV ?? 'production') === 'production';
  const pkg = readPackage(dir);
  const host = kind === 'host';
  // './manifest' is not exposed to the runtime: it becomes manifest.json (ManifestJsonPlugin)
  const { './manifest': manifestSource, ...exposed } = exposes;
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    // A remote is reached only through its remoteEntry.js; the host starts at src/index.ts.
    entry: host ? { main: './src/index.ts' } : {},
    target: 'web',
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      // The shell answers every path with index.html, so its assets are absolute; a remote's chunks load
      // relative to wherever its remoteEntry.js was served from (run-time remotes config).
      publicPath: host ? '/' : 'auto',
      // A remote served from another origin (distributed mode) loads its chunks in CORS mode (its server allows
      // the shell's origin), so their errors are reported in full; same-origin chunks are loaded as before.
      ...(host ? {} : { crossOriginLoading: 'anonymous' }),
      uniqueName: name,
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      cssFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      cssChunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      assetModuleFilename: 'assets/[name].[hash:10][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
    // a remote runs only inside the shell, which provides these (provide-federation-sdk.cjs)
    ...(host ? {} : { externals: SDK_GLOBALS, externalsType: 'global' }),
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          type: 'javascript/auto',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
              target: 'es2022',
            },
          },
        },
        // The workspace's shared packages are pure modules: let the bundler take only what an app imports
        // (the contracts' permission names without zod and the phone metadata, for instance).
        { test: /[\\/]packages[\\/](contracts|i18n|api-client|ui-kit)[\\/]src[\\/]/, sideEffects: false },
        { test: /\.css$/, type: 'css/auto' },
        {
          test: PROVIDE_SDK,
          resolve: {
            alias: Object.fromEntries(
              Object.keys(SDK_GLOBALS).map((name) => [`${name}$`, federationRequire.resolve(name)]),
            ),
          },
        },
        { test: /\.(woff2?|ttf|eot|svg|png|jpe?g|gif)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(host ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: exposed }),
        shared: { ...sharedSingletons(pkg.dependencies ?? {}), ...sharedConfig(host) },
        // The shell provides every shared module: no need to load every remote's entry up front to compare
        // versions ('version-first' does), so a feature app's remoteEntry.js loads only when its screen opens.
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: host,
        ...(host ? { runtimePlugins: [PROVIDE_SDK] } : {}),
        // One federation runtime on the page: the shell provides it, each remoteEntry.js uses it (about half
        // a remote entry's size). A remote therefore runs only inside the shell, which is the only way it runs.
        experiments: host ? { provideExternalRuntime: true } : { externalRuntime: true },
      }),
      unsharedPrimeIcons(dir),
      browserVariants(host),
      production ? new PrecompressPlugin() : null,
      manifestSource ? new ManifestJsonPlugin(path.join(dir, manifestSource)) : null,
      // the shell's service worker (public/sw.js) at the site's root, as written: its scope is the whole site
      host
        ? new rspack.CopyRspackPlugin({
            patterns: [{ from: path.join(dir, 'public'), noErrorOnMissing: true }],
          })
        : null,
      host
        ? new rspack.HtmlRspackPlugin({
            template: path.join(dir, 'src/index.html'),
            title,
            minify: production,
          })
        : null,
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
      }),
    ].filter(Boolean),
    optimization: { minimize: production },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
