/** One jest for the whole workspace: TypeScript through swc, CJS mode (see docs/toolchain notes). */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      // the automatic JSX runtime, as the web build uses: a component module needs no React import
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic' } },
        },
      },
    ],
  },
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/data/', '/dist/', '/tests/e2e/'],
  testTimeout: 30000,
  setupFiles: ['<rootDir>/tests/support/jest-env.ts'],
  // the files that take minutes first (two workers in CI: neither left alone with one at the end)
  testSequencer: '<rootDir>/tests/support/jest-sequencer.mjs',
  setupFilesAfterEnv: ['<rootDir>/tests/support/jest-after-env.ts'],
};
