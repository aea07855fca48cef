import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * A feature app served from another origin (the distributed mode) has its `remoteEntry.js` loaded in CORS mode, as
 * its chunks are (`crossOriginLoading` in the web build): its server allows the shell's origin, and a script that
 * throws reports its message instead of the browser's opaque "Script error.". Same-origin entries are untouched.
 */
export function crossOriginEntries(pageOrigin: string = location.origin): ModuleFederationRuntimePlugin {
  return {
    name: 'erp-cross-origin-entries',
    createScript({ url, attrs }) {
      if (attrs && new URL(url, `${pageOrigin}/`).origin !== pageOrigin) attrs.crossorigin = 'anonymous';
    },
  };
}
