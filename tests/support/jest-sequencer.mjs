/**
 * The order jest runs the test files in, for two workers: the few files that take minutes first, so neither
 * worker is left running one of them alone at the end. Jest's own order is by the durations of the last run on
 * this machine, and by file size where it has none (a clean clone, CI), which put the longest file (the 1,000-key
 * proof, a short file) last: the run then waited minutes on one worker. Measured alone on the 2-core machines
 * (seconds): idempotency-concurrency 112, distributed 60-98, costing.property 52, kafka-bus 33; the next
 * is 14. A file that grows past half a minute joins the list.
 */
import sequencer from '@jest/test-sequencer';

const Sequencer = sequencer.default ?? sequencer;

const LONGEST_FIRST = [
  'tests/system/idempotency-concurrency.test.ts',
  'tests/system/distributed.test.ts',
  'services/inventory/test/costing.property.test.ts',
  'tests/contracts/kafka-bus.test.ts',
];

/** Where a file stands in the list; the files not in it after them all. */
const rank = (test) => {
  const i = LONGEST_FIRST.findIndex((p) => test.path.endsWith(p));
  return i < 0 ? LONGEST_FIRST.length : i;
};

class LongestFirst extends Sequencer {
  async sort(tests) {
    // a stable sort: the listed files first, in the list's order, the others in jest's own order
    return [...(await super.sort(tests))].sort((a, b) => rank(a) - rank(b));
  }
}

export default LongestFirst;
