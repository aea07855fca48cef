// One Lighthouse audit, run by plain Node: tsx's transform names functions with a helper (__name) that does not
// exist in the page where Lighthouse evaluates them. Prints the scores as JSON (tests/bench/lighthouse.ts).
import lighthouse, { desktopConfig } from 'lighthouse';

const [url, port] = process.argv.slice(2);
const result = await lighthouse(
  url,
  {
    port: Number(port),
    output: 'json',
    logLevel: 'error',
    // the signed-in pages need the session the sign-in left in the profile's storage
    disableStorageReset: true,
    onlyCategories: ['performance', 'accessibility'],
    locale: 'en',
  },
  desktopConfig,
);
if (!result) throw new Error(`lighthouse gave no result for ${url}`);
const { categories, audits } = result.lhr;
const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
const failing = (categories.accessibility?.auditRefs ?? [])
  .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
  .map((ref) => ref.id);
process.stdout.write(
  JSON.stringify({ performance: score('performance'), accessibility: score('accessibility'), failing }),
);
