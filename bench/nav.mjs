// (c) Time from a click on a sidebar link to the next page shown: the new page's <h1>
// carries its title and the page is marked ready (its fade-in starts). Measured in the
// page, from the click event, so the automation's own overhead is not counted. One
// signed-in page (staff account) clicks through the sidebar's screens in turn.
import { signedInState } from './lib/browser.mjs';
import { SUMMARY_COLUMNS, summary } from './lib/stats.mjs';

/** Screens clicked in turn (each click goes somewhere else); the first visits load their chunks. */
const PATHS = [
  '/booking/manage',
  '/coupons',
  '/locations',
  '/customers/list',
  '/messages',
  '/vendors',
  '/payments/list',
  '/notifications',
  '/services/list',
  '/settings/business',
  '/home',
];

/** Runs in the page: resolves with the ms from the click on `href` to its page shown. */
function timeNavigation(href) {
  return new Promise((resolve, reject) => {
    const link = document.querySelector(`nav.sidebar a[href="${href}"]`);
    if (!link) return reject(new Error(`no sidebar link to ${href}`));
    const title = link.textContent.trim();
    let clickedAt;
    let h1At;
    const check = () => {
      const h1 = document.querySelector('main h1');
      if (clickedAt === undefined || !h1 || h1.textContent.trim() !== title) return;
      h1At ??= performance.now();
      if (!h1.closest('.page-transition[data-ready]')) return;
      observer.disconnect();
      resolve({ h1: h1At - clickedAt, shown: performance.now() - clickedAt });
    };
    const observer = new MutationObserver(check);
    observer.observe(document.querySelector('main'), { childList: true, subtree: true, characterData: true, attributes: true });
    link.addEventListener('click', () => (clickedAt = performance.now()), { capture: true, once: true });
    setTimeout(() => reject(new Error(`${href} not shown within 10 s`)), 10_000);
  });
}

export default {
  name: 'nav',
  title: 'Sidebar click to the next page shown',
  needs: ['server', 'browser'],
  async run({ server, browser, runs, log }) {
    const session = await server.login('admin@rihla.test', 'admin12345');
    const context = await browser.newContext({ serviceWorkers: 'block', storageState: signedInState(server.baseURL, session) });
    const page = await context.newPage();
    await page.goto(`${server.baseURL}/home`);
    await page.locator('main h1').waitFor();
    // Open every group of the sidebar so each link can be clicked.
    const collapsed = page.locator('nav.sidebar button[aria-expanded="false"]');
    while ((await collapsed.count()) > 0) await collapsed.first().click();

    const first = [];
    const h1 = [];
    const shown = [];
    const visited = new Set(['/home']);
    let current = '/home';
    for (let run = 0; run < runs; run++) {
      let target = PATHS[run % PATHS.length];
      if (target === current) target = PATHS[(run + 1) % PATHS.length];
      const timing = page.evaluate(timeNavigation, target);
      await page.locator(`nav.sidebar a[href="${target}"]`).click();
      const result = await timing;
      (visited.has(target) ? h1 : first).push(result.h1);
      shown.push(result.shown);
      visited.add(target);
      current = target;
      // Let the fade-in end before the next click, as a person would.
      await page.waitForTimeout(250);
      if ((run + 1) % 10 === 0) log(`  ${run + 1}/${runs}`);
    }
    await context.close();
    return {
      notes: [
        `${runs} clicks through ${PATHS.length} sidebar screens in one signed-in page (staff), headless Chromium, server on localhost; chunks cached after their first load.`,
        '"h1" is the new title in the document; "shown" is the page marked ready (its fade-in starts: at once when the page is ready within 200 ms, else after at least 200 ms of loading state).',
      ],
      columns: ['click to …', 'runs', ...SUMMARY_COLUMNS],
      rows: [
        ['page shown', String(shown.length), ...summary(shown)],
        ['new h1 (screens seen before)', String(h1.length), ...summary(h1)],
        ...(first.length ? [['new h1 (first visit)', String(first.length), ...summary(first)]] : []),
      ],
    };
  },
};
