// The Lighthouse audits, run by plain Node: tsx's transform names functions with a helper (__name) that does not
// exist in the page where Lighthouse evaluates them. Drives Debian's chromium with Lighthouse's own puppeteer-core,
// signs in between the audits of /login and the signed-in pages, and prints one JSON line per page.
import { createRequire } from 'node:module';
import lighthouse, { desktopConfig } from 'lighthouse';

const require = createRequire(import.meta.resolve('lighthouse'));
const puppeteer = (await import(require.resolve('puppeteer-core'))).default;

const [base, password, documentPath] = process.argv.slice(2);

async function audit(page, path, signedIn) {
  const result = await lighthouse(
    `${base}${path}`,
    {
      output: 'json',
      logLevel: 'error',
      // the signed-in pages need the session the sign-in left in the browser's storage
      disableStorageReset: signedIn,
      onlyCategories: ['performance', 'accessibility'],
      locale: 'en',
    },
    desktopConfig,
    page,
  );
  const { categories, audits } = result.lhr;
  // LH_DETAILS=1: what moves the score, on stderr (the benchmark prints it)
  if (process.env.LH_DETAILS) {
    const items = (id) => audits[id]?.details?.items ?? [];
    console.error('## ' + path);
    console.error(
      'layout-shifts',
      JSON.stringify(
        items('layout-shifts').map((i) => ({
          score: i.score,
          node: i.node?.snippet,
          sel: i.node?.selector,
          sub: (i.subItems?.items ?? []).map((x) => x.extra?.value ?? x.cause),
        })),
        null,
        1,
      ),
    );
    console.error(
      'long-tasks',
      JSON.stringify(
        items('long-tasks')
          .slice(0, 12)
          .map((i) => ({ url: i.url, start: Math.round(i.startTime), dur: Math.round(i.duration) })),
      ),
    );
    console.error(
      'bootup',
      JSON.stringify(
        items('bootup-time')
          .slice(0, 8)
          .map((i) => ({
            url: i.url,
            total: Math.round(i.total),
            script: Math.round(i.scripting),
            parse: Math.round(i.scriptParseCompile),
          })),
      ),
    );
    console.error(
      'mainthread',
      JSON.stringify(
        items('mainthread-work-breakdown').map((i) => ({
          g: i.groupLabel ?? i.group,
          d: Math.round(i.duration),
        })),
      ),
    );
  }
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  const failing = (categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  // what moves the performance score: paint times, blocking time and layout shift (Lighthouse's simulation)
  const metric = (id) =>
    Math.round((audits[id]?.numericValue ?? 0) * (id === 'cumulative-layout-shift' ? 1000 : 1));
  const metrics = {
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    si: metric('speed-index'),
    clsMilli: metric('cumulative-layout-shift'),
  };
  // a run Lighthouse could not measure says why instead of scoring 0 silently
  const problem = result.lhr.runtimeError?.message ?? audits['largest-contentful-paint']?.errorMessage;
  return {
    path,
    ...(problem ? { problem } : {}),
    performance: score('performance'),
    accessibility: score('accessibility'),
    failing,
    metrics,
  };
}

const browser = await puppeteer.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--lang=ar'],
});
try {
  const page = await browser.newPage();
  console.log(JSON.stringify(await audit(page, '/login', false)));
  await page.goto(`${base}/login`);
  await page.waitForSelector('#login-user-name');
  await page.type('#login-user-name', 'admin');
  await page.type('#login-password', password);
  await Promise.all([page.waitForNavigation(), page.click('form button[type=submit]')]);
  await page.waitForFunction(() => globalThis.location.pathname === '/');
  for (const path of ['/', `${documentPath}/new`]) console.log(JSON.stringify(await audit(page, path, true)));
} finally {
  await browser.close();
}
