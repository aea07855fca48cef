// The concrete feature app: a Module Federation remote whose public API is its exposes map (style.md example 1).
import { webConfig } from '@erp/web-build';

export default (_env, argv) =>
  webConfig({
    dir: import.meta.dirname,
    name: 'mfe_concrete',
    kind: 'remote',
    mode: argv.mode,
    exposes: {
      './lifecycles': './src/lifecycles.tsx',
      './manifest': './src/manifest.ts',
    },
  });
