// Home page: time from a click on the sidebar's Home link (from the bookings list) to the
// KPI cards visible with their figures, p50/p95 over 30 runs in headless Chromium. Measured
// in the page from the click event (the automation's overhead is not counted). The first
// run loads the home chunk; the charts' chunk (uPlot) is not waited for: KPIs come first.
import { signedInState } from './lib/browser.mjs';
import { SUMMARY_COLUMNS, summary } from './lib/stats.mjs';

const RUNS = 30;

/** Runs in the page: resolves with the ms from the click on the Home link to a KPI figure in the document. */
function timeHome() {
  return new Promise((resolve, reject) => {
    const link = document.querySelector('nav.sidebar a[href="/home"]');
    if (!link) return reject(new Error('no sidebar link to /home'));
    let clickedAt;
    const observer = new MutationObserver(() => {
      if (clickedAt === undefined || !document.querySelector('main .kpi-card .kpi-value')) return;
      observer.disconnect();
      resolve(performance.now() - clickedAt);
    });
    observer.observe(document.querySelector('main'), { childList: true, subtree: true });
    link.addEventListener('click', () => (clickedAt = performance.now()), { capture: true, once: true });
    setTimeout(() => reject(new Error('KPIs not shown within 10 s')), 10_000);
  });
}

export default {
  name: 'home-nav',
  title: 'Navigation to the home page: KPIs visible',
  needs: ['server', 'browser'],
  async run({ server, browser, log }) {
    const session = await server.login('admin@rihla.test', 'admin12345');
    const context = await browser.newContext({ serviceWorkers: 'block', storageState: signedInState(server.baseURL, session) });
    const page = await context.newPage();
    const times = [];
    await page.goto(`${server.baseURL}/booking/manage`);
    await page.locator('main h1').waitFor();
    // Open every group of the sidebar so each link can be clicked.
    const collapsed = page.locator('nav.sidebar button[aria-expanded="false"]');
    while ((await collapsed.count()) > 0) await collapsed.first().click();
    for (let run = 0; run < RUNS; run++) {
      const timing = page.evaluate(timeHome);
      await page.locator('nav.sidebar a[href="/home"]').click();
      times.push(await timing);
      // Back to the bookings list, waiting for it, before the next measure.
      await page.locator('nav.sidebar a[href="/booking/manage"]').click();
      await page.locator('main table').first().waitFor();
      if ((run + 1) % 10 === 0) log(`  ${run + 1}/${RUNS}`);
    }
    await context.close();
    return {
      notes: [`${RUNS} clicks on Home from the bookings list (staff, demo data on PGlite), headless Chromium, server on localhost; the first loads the home chunk.`],
      columns: ['click to KPIs visible', 'runs', ...SUMMARY_COLUMNS],
      rows: [['home', String(times.length), ...summary(times)]],
    };
  },
};
