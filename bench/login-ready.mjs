// (b) Time from navigation start to an interactive login form: the email input is in the
// document, enabled and takes focus (React has rendered it and attached its handlers);
// then the frame that paints it.
// Each run is a fresh browser context, so the HTTP cache is cold and there is no service
// worker; the page is loaded from the local server. First contentful paint is shown for
// comparison.
import { SUMMARY_COLUMNS, summary } from './lib/stats.mjs';

/** Runs in the page before any of its scripts: notes when the form becomes usable. */
function watchLoginForm() {
  const marks = {};
  window.__loginMarks = marks;
  const check = () => {
    const input = document.querySelector('input[name="email"]');
    if (!input || input.disabled || marks.interactive !== undefined) return;
    input.focus();
    if (document.activeElement !== input) return;
    marks.interactive = performance.now();
    input.blur();
    observer.disconnect();
    // The frame that shows it: the callback after the next animation frame runs after paint.
    requestAnimationFrame(() => setTimeout(() => (marks.painted = performance.now())));
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
}

export default {
  name: 'login-ready',
  title: 'Navigation start to an interactive login form',
  needs: ['server', 'browser'],
  async run({ server, browser, runs, log }) {
    const interactive = [];
    const fcp = [];
    const domContentLoaded = [];
    const painted = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.addInitScript(watchLoginForm);
      await page.goto(`${server.baseURL}/login`);
      await page.waitForFunction(() => window.__loginMarks?.painted !== undefined && window.__loginMarks?.fcp !== undefined);
      const marks = await page.evaluate(() => ({
        ...window.__loginMarks,
        dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
      }));
      interactive.push(marks.interactive);
      painted.push(marks.painted);
      fcp.push(marks.fcp);
      domContentLoaded.push(marks.dcl);
      await context.close();
      if ((run + 1) % 10 === 0) log(`  ${run + 1}/${runs}`);
    }
    return {
      notes: [
        `${runs} runs of /login, each in a fresh context (cold HTTP cache, service worker blocked), headless Chromium, server on localhost.`,
        'Times from the navigation start (performance.timeOrigin).',
      ],
      columns: ['milestone', ...SUMMARY_COLUMNS],
      rows: [
        ['DOMContentLoaded', ...summary(domContentLoaded)],
        ['first contentful paint', ...summary(fcp)],
        ['login form interactive', ...summary(interactive)],
        ['… and painted (next frame)', ...summary(painted)],
      ],
    };
  },
};
