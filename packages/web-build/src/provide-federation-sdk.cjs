// A federation runtime plugin of the shell: hands the federation SDK and its error codes to the feature apps,
// whose remoteEntry.js take them from the page (externals in index.mjs) instead of carrying a copy each (about
// 7 KB gz per screen). The same idea as `experiments.externalRuntime`, which covers only the runtime core.
// CommonJS on purpose: the runtime requires these same files (`dist/index.cjs`), so the shell holds one copy.
/* eslint-disable @typescript-eslint/no-require-imports -- see the line above */
const sdk = require('@module-federation/sdk');
const errorCodes = require('@module-federation/error-codes');

globalThis._ERP_FEDERATION_SDK = sdk;
globalThis._ERP_FEDERATION_ERROR_CODES = errorCodes;

module.exports = function provideFederationSdk() {
  return { name: 'erp-provide-federation-sdk' };
};
