// The availability calendar of a service with 2,000 slots: API time and time to render.
//
// A published service of the demo vendor gets 2,000 slots (5 departures a day for 400
// days, two bulk requests of 1,000, timed). Then:
// (a) the API: the requests the calendar makes for one month (its visible six weeks,
//     the cell fields only, pages of 100, about 210 slots), one after the other, `runs`
//     times over different months; and the whole 2,000 the same way, for comparison;
// (b) the browser: on the service's Availability tab, from a click on "next month" (or
//     "previous month") to the new month's chips in the grid and the grid no longer busy,
//     measured in the page from the click event.
import { signedInState } from './lib/browser.mjs';
import { SUMMARY_COLUMNS, summary } from './lib/stats.mjs';

const DAY_MS = 86_400_000;
const day = (offset) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const TIMES = ['07:00', '09:30', '12:00', '14:30', '17:00'];

/** Runs in the page: ms from the click on the button named `name` to the grid showing `month`'s slots, loaded. */
function timeMonth({ name, month }) {
  return new Promise((resolve, reject) => {
    const button = [...document.querySelectorAll('.calendar-nav button')].find((b) => b.textContent.includes(name));
    if (!button) return reject(new Error(`no button ${name}`));
    const grid = () => document.querySelector('[role="grid"]');
    let clickedAt;
    const check = () => {
      const g = grid();
      if (clickedAt === undefined || !g || g.getAttribute('aria-busy') !== 'false') return;
      if (!g.querySelector(`[data-day^="${month}"] .slot-chip`)) return;
      observer.disconnect();
      resolve(performance.now() - clickedAt);
    };
    const observer = new MutationObserver(check);
    observer.observe(document.querySelector('main'), { childList: true, subtree: true, attributes: true });
    button.addEventListener('click', () => (clickedAt = performance.now()), { capture: true, once: true });
    setTimeout(() => reject(new Error(`${month} not shown within 10 s`)), 10_000);
  });
}

const monthOf = (date, months) => {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 7);
};

export default {
  name: 'calendar',
  title: 'Availability calendar of a service with 2,000 slots: API and render',
  needs: ['server', 'browser'],
  async run({ server, browser, runs, log }) {
    const session = await server.login('vendor@rihla.test', 'vendor12345');
    const headers = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
    const api = async (path, init = {}) => {
      const response = await fetch(`${server.baseURL}/branch/api${path}`, { headers, ...init });
      if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: HTTP ${response.status} ${await response.text()}`);
      return response.json();
    };
    const services = await api('/services/?status=published&page_size=1&ordering=created_at');
    const service = services.results[0];
    const bulk = [];
    for (const [from, to] of [[day(1), day(200)], [day(201), day(400)]]) {
      const t0 = performance.now();
      const result = await api('/service-slots/bulk/', {
        method: 'POST',
        body: JSON.stringify({ service_id: service.id, from, to, weekdays: [0, 1, 2, 3, 4, 5, 6], start_times: TIMES, capacity: 10 }),
      });
      bulk.push(performance.now() - t0);
      log(`  bulk: ${result.created} created, ${result.skipped.length} skipped`);
    }

    // (a) The calendar's requests, as src/api/availability.ts makes them.
    const fields = 'starts_at,ends_at,capacity,booked,closed,disrupted_at';
    const fetchAll = async (from, to) => {
      let count = 0;
      for (let page = 1; ; page++) {
        const query = new URLSearchParams({ service_id: service.id, starts_at__gte: `${from}T00:00:00+01:00`, starts_at__lt: `${to}T00:00:00+01:00`, ordering: 'starts_at', page_size: '100', page: String(page), fields });
        const body = await api(`/service-slots/?${query}`);
        count += body.results.length;
        if (!body.next) return count;
      }
    };
    const monthTimes = [];
    let perMonth = 0;
    for (let run = 0; run < runs; run++) {
      const month = monthOf(day(1), run % 12);
      const t0 = performance.now();
      perMonth = await fetchAll(`${month}-01`, `${monthOf(`${month}-01`, 1)}-10`);
      monthTimes.push(performance.now() - t0);
    }
    // Counted here: past 1,000 matches the list's count is the planner's estimate.
    const allTimes = [];
    let total = 0;
    for (let run = 0; run < Math.min(runs, 10); run++) {
      const t0 = performance.now();
      total = await fetchAll(day(0), day(401));
      allTimes.push(performance.now() - t0);
    }

    // (b) The tab in the browser, month after month.
    const context = await browser.newContext({ serviceWorkers: 'block', storageState: signedInState(server.baseURL, session) });
    const page = await context.newPage();
    await page.goto(`${server.baseURL}/services/${service.id}?tab=availability`);
    await page.locator('[role="grid"][aria-busy="false"] .slot-chip').first().waitFor();
    const render = [];
    let offset = 0;
    for (let run = 0; run < runs; run++) {
      // Forward through the year, then back, so every click shows a month with slots.
      const forward = Math.floor(run / 10) % 2 === 0;
      offset += forward ? 1 : -1;
      const name = forward ? 'Next month' : 'Previous month';
      const timing = page.evaluate(timeMonth, { name, month: monthOf(day(0), offset) });
      await page.locator('.calendar-nav button', { hasText: name }).click();
      render.push(await timing);
      if ((run + 1) % 10 === 0) log(`  ${run + 1}/${runs}`);
    }
    const chips = await page.locator('.slot-chip').count();
    await context.close();
    return {
      notes: [
        `${total} slots on one service (5 a day for 400 days, with the demo's own); a month's grid shows six weeks, ${perMonth} slots asked for in pages of 100; headless Chromium, server on localhost (in-memory PGlite with the demo data).`,
        `Bulk creation: two requests of 1,000 slots, ${bulk.map((t) => `${t.toFixed(0)} ms`).join(' and ')}. The last month rendered ${chips} chips.`,
      ],
      columns: ['measure', 'runs', ...SUMMARY_COLUMNS],
      rows: [
        ['API: one month (all its pages)', String(monthTimes.length), ...summary(monthTimes)],
        [`API: all ${total} slots (pages of 100)`, String(allTimes.length), ...summary(allTimes)],
        ['click next/previous month to slots shown', String(render.length), ...summary(render)],
      ],
    };
  },
};
