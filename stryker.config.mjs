// Mutation testing (issue 16 item 6): StrykerJS 9.6 with its jest runner (10 needs Node 22).
// One run per module, each against only the unit tests that exercise it, so that a run takes minutes:
//   pnpm mutation                      all modules below, one after another
//   pnpm mutation money validators     the named ones
// (tools/mutation/run.mjs passes the list in ERP_MUTATION_MODULE, one module per Stryker run.)
import { fileURLToPath } from 'node:url';

// Survivors left, each equivalent (no input tells the mutant from the code; for two of costing's, no input the
// ledger makes), as of 2026-11:
// - invoice-totals.ts shareOut, the tie-break `a.i - b.i` → `a.i + b.i`: the list is sorted in index order, and
//   V8's sort compares tied entries only in ways where both give the same sign (checked on 20,000 random lists of up
//   to 300 entries: identical orders).
// - validators.ts passwordProblems, `userName.length > 0` → `true` and → `>= 0`: `userName &&` already leaves out
//   the one string of length 0.
// - validators.ts digitsLength, the fallback `issue.pattern ?? ''` → any other text without `\d{n}`: no digits
//   are found in either, and the result is '' alike.
// - costing.ts divRound, `a < 0n` → `a <= 0n` (in `negative` and in `x`) and `b < 0n` → `b <= 0n` (in `negative`
//   and in `y`): they differ only at a = 0, where the quotient is 0 and -0n === 0n, and at b = 0, refused before.
// - costing.ts issueValue, `quantity < h.quantity` → `<=`: at quantity = held, the share divRound(Q × V, Q) is V
//   exactly, and the other branch gives V + divRound(0 × cost, 10^4) = V.
// - costing.ts receiptChange, `after > 0n` → `>= 0n` and `after === 0n` → `false`: at after = 0 the first branch
//   gives divRound(0, q) - V and the last divRound(0, Q) - V, both -V as the emptied-hole branch.
// - costing.ts lineValue, the `from` case removed (it falls through to `fixed`): a `from` line is a receipt
//   (quantity > 0: a transfer's receipt or a manufactured product), for which `fixed` makes the same
//   receiptChange(h, quantity, ownValue). Only a `from` line of quantity ≤ 0 would differ, and none is made.
// - costing.ts lineValue, `fixed`'s `line.quantity >= 0n` → `> 0n`: they differ for a line of quantity 0 only, and
//   no line of quantity 0 is costed (ledger.ts keeps lines with a quantity, a count's zero difference is skipped,
//   corrections are folded into their line and reversals left out of the replay, tail.ts).
/** The mutated modules and the tests that are allowed to kill their mutants. */
export const modules = {
  money: {
    // the decimal arithmetic and the wire's decimal schemas (apart since the screens fetch zod later)
    mutate: ['packages/contracts/src/money.ts', 'packages/contracts/src/decimal-schema.ts'],
    tests: [
      'packages/contracts/src/money.test.ts',
      'packages/contracts/src/money-documents/invoice-totals.test.ts',
      'packages/contracts/test/*.test.ts',
      'packages/service-kit/test/units.test.ts',
    ],
  },
  'invoice-totals': {
    mutate: ['packages/contracts/src/money-documents/invoice-totals.ts'],
    tests: ['packages/contracts/src/money-documents/invoice-totals*.test.ts'],
  },
  validators: {
    mutate: ['packages/contracts/src/validators.ts'],
    tests: [
      'packages/contracts/src/validators.test.ts',
      'packages/contracts/src/phone-check.test.ts',
      'packages/service-kit/test/units.test.ts',
    ],
  },
  // the stock costing rule's pure arithmetic (issue 11): average cost, the share rounded once, holes filled
  // (document-values.ts writes to the database: its values come from this rule)
  costing: {
    mutate: ['services/inventory/src/ledger/costing.ts'],
    tests: ['services/inventory/test/costing-rule.test.ts'],
  },
  // the posting rules' declarations and the journal lines they make (entry-lines.ts only reads the accounts)
  'posting-rules': {
    mutate: [
      'services/accounts/src/posting/rules.ts',
      'services/accounts/src/posting/rule-lines.ts',
      'services/accounts/src/posting/inventory-rules.ts',
      'services/accounts/src/posting/sales-rules.ts',
      'services/accounts/src/posting/safe-rules.ts',
      'services/accounts/src/posting/registry.ts',
    ],
    tests: [
      'services/accounts/test/posting-rules.test.ts',
      'services/accounts/test/posting-rules-sales.test.ts',
    ],
  },
};

const name = process.env.ERP_MUTATION_MODULE ?? 'money';
const module = modules[name];
if (!module) throw new Error(`unknown mutation module ${name}: one of ${Object.keys(modules).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // under pnpm the plugin is not found by name: load it by its resolved path
  // (its ESM entry: require.resolve would give the CJS jest environment, which holds no plugin)
  plugins: [fileURLToPath(import.meta.resolve('@stryker-mutator/jest-runner'))],
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    config: { testMatch: module.tests.map((t) => `<rootDir>/${t}`) },
    enableFindRelatedTests: false,
  },
  mutate: module.mutate,
  inPlace: true,
  // jest compiles with swc, which checks no types: no `// @ts-nocheck` written into every file of the tree
  disableTypeChecks: false,
  concurrency: 1,
  coverageAnalysis: 'perTest',
  timeoutMS: 30000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  thresholds: { high: 90, low: 85, break: null },
};
