import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/**
 * Checks that the page asks `pathname` again every 30 seconds, on Playwright's clock: the page is
 * reloaded with the clock installed, counting starts from what loading asked, and each step moves
 * the clock by one interval.
 */
export async function expectPollEvery30Seconds(page: Page, pathname: string): Promise<void> {
  const polls: string[] = [];
  // Counted when answered: a poll that starts while the last is still in flight would join it.
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname === pathname) polls.push(request.url());
  });
  await page.clock.install();
  await page.reload();
  await expect.poll(() => polls.length).toBeGreaterThan(0);
  await page.waitForTimeout(200); // what loading asked has been answered and has reached the query
  const loaded = polls.length;
  for (const step of [1, 2]) {
    // A second of slack: the next interval may start a moment after the answer.
    await page.clock.fastForward(31_000);
    await expect.poll(() => polls.length).toBe(loaded + step);
    await page.waitForTimeout(200);
  }
}
