/**
 * The accessibility scan every browser test uses: axe-core with the WCAG 2.1 A/AA and
 * best-practice rules; serious and critical violations fail the test and are printed
 * with the elements they concern.
 *
 * The page is scanned with reduced motion: the CSS then drops its fades, so axe reads
 * the colours the user ends up seeing, never a text halfway through fading in (which
 * made the contrast check flaky). For the same reason it waits until nothing is busy: a
 * list refreshing dims its rows for a moment, and a scan then reads half-contrast text.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

type Results = Awaited<ReturnType<AxeBuilder['analyze']>>;

function describeViolations(violations: Results['violations']): string {
  return violations
    .map((v) =>
      [
        `${v.impact}: ${v.id} — ${v.help} (${v.helpUrl})`,
        ...v.nodes.map((node) => `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`),
      ].join('\n'),
    )
    .join('\n');
}

/**
 * `layer`: scan only this element (an open menu or dialog, one editor). Radix hides the
 * rest of the page with aria-hidden (not `inert`) while it traps focus and blocks outside
 * pointer events, which axe reports as aria-hidden-focus on the page behind; that page is
 * scanned closed instead.
 */
export async function expectNoSeriousViolations(page: Page, what: string, layer?: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // Quiet twice, 300 ms apart: a live update may start another refresh right after one ends.
  await expect
    .poll(
      async () => {
        if ((await page.locator('[aria-busy="true"]').count()) > 0) return false;
        await page.waitForTimeout(300);
        return (await page.locator('[aria-busy="true"]').count()) === 0;
      },
      { message: 'nothing on the page is busy', timeout: 15_000 },
    )
    .toBe(true);
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Only violations are looked at; not collecting the passes makes a scan faster.
    .options({ resultTypes: ['violations'] })
    // One axe.run in the page: the app has no iframes, and the default (a partial run per
    // frame, finished in a blank page opened for it) opens and loads a page per scan.
    .setLegacyMode(true);
  if (layer) builder = builder.include(layer);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${what}:\n${describeViolations(serious)}`).toEqual([]);
}
