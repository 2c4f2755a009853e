import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
/** axe-core's browser build, evaluated in the page (through the DevTools protocol, which the page's CSP does not govern). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rules of WCAG 2.1 levels A and AA, as axe-core tags them. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Waits for the page's running transitions and animations to end (spinners, which never end, are
 * left alone; 2 s at most): a list fading back from its dimmed loading state is measured as a person
 * sees it once it has settled, not at 60 % opacity.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([
      Promise.all(ending.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

/** The WCAG 2.1 AA violations axe-core finds on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: Document,
          options: unknown,
        ) => Promise<{
          violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
        }>;
      };
    };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  }, WCAG_21_AA);
}

export type Theme = 'light' | 'dark';

/** Switches the stored theme (the header's toggle stores it the same way) and reloads the page in it. */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
  await page.reload();
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  else await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
}

/** Fails with the list of violations, so a failure says which rule and which element. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `axe-core WCAG 2.1 AA violations on ${where}`).toEqual([]);
}
