import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../lib/axe.js';
import { test, expect } from '../lib/fixtures.js';

/**
 * A signed-in visitor's page paints its frame, and on /dashboard the welcome strip, before any
 * JavaScript runs (apps/web/src/app/signed-in-shell.tsx, written into index.html at build time);
 * the app then renders over it without the strip changing or moving.
 */

const LANGUAGES = ['en', 'mr', 'hi'] as const;
type Language = (typeof LANGUAGES)[number];

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/locales');
const json = (language: Language, namespace: string) => JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
const intro = (language: Language) => (json(language, 'dashboard').banner as { intro: string }).intro;
const dashboardTitle = (language: Language) => (json(language, 'dashboard') as { title: string }).title;
const acronym = (language: Language) => (json(language, 'common') as { acronym: string }).acronym;

/** The welcome strip's four lines, where its greeting stands and the date it gives. */
async function strip(page: Page) {
  const texts = await page.evaluate(() => {
    const banner = document.querySelector('[data-banner="greeting"]')!.closest('.rounded-xl')!;
    return [...banner.querySelectorAll('p')].map((line) => line.textContent);
  });
  const box = await page.locator('[data-banner="greeting"]').boundingBox();
  const today = await page.locator('time[data-banner="today"]').getAttribute('datetime');
  return { texts, box, today };
}

const blockScripts = (page: Page, seen: string[] = []) =>
  page.route('**/*.js', (route) => {
    seen.push(route.request().url());
    return route.abort();
  });

test.describe('the signed-in shell', () => {
  for (const language of LANGUAGES) {
    test(`paints the frame and the welcome strip in ${language} before any JavaScript, and the dashboard renders over it unchanged`, async ({ page, signIn }) => {
      await signIn();
      await page.evaluate((chosen) => localStorage.setItem('srpf-language', chosen), language);
      const firstName = await page.evaluate(() => (JSON.parse(localStorage.getItem('srpf_user')!) as { first_name: string }).first_name);

      const scripts: string[] = [];
      await blockScripts(page, scripts);
      await page.goto('/dashboard');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByText(intro(language), { exact: true })).toBeVisible();
      await expect(page.locator('header')).toContainText(acronym(language));
      await expect(page.locator('[data-banner="greeting"]')).toContainText(firstName);
      await expect(page.locator('template')).toHaveCount(0);
      expect(scripts.length).toBeGreaterThan(0);
      // Nothing of the app ran: no dashboard heading, no navigation.
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
      const before = await strip(page);
      expect(before.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      await page.unrouteAll();
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: dashboardTitle(language) })).toBeVisible();
      const after = await strip(page);
      // What the first-paint script wrote is what the app writes, in the same place.
      expect(after.texts).toEqual(before.texts);
      expect(after.today).toBe(before.today);
      // Its width may differ by a few pixels in Marathi and Hindi: Noto Sans Devanagari is used only
      // once it is in the cache (font-display: optional), which the first visit fills.
      expect({ x: after.box?.x, y: after.box?.y, height: after.box?.height }).toEqual({ x: before.box?.x, y: before.box?.y, height: before.box?.height });
      // The shell is gone: one strip, one main.
      await expect(page.locator('main')).toHaveCount(1);
      await expect(page.locator('[data-banner="greeting"]')).toHaveCount(1);
    });
  }

  test('other signed-in pages get the frame alone, with the collapsed navigation remembered', async ({ page, signIn }) => {
    await signIn();
    await page.evaluate(() => localStorage.setItem('srpf-nav-collapsed', 'true'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await blockScripts(page);
    await page.goto('/users');
    await expect(page.locator('header')).toContainText('SRPF');
    await expect(page.locator('main')).toBeEmpty();
    await expect(page.locator('aside')).toHaveClass(/\bw-16\b/);
    const asideWidth = (await page.locator('aside').boundingBox())!.width;

    await page.unrouteAll();
    await page.goto('/users');
    await expect(page.getByRole('button', { name: 'Expand navigation' })).toBeVisible();
    expect((await page.locator('aside').boundingBox())!.width).toBe(asideWidth);
  });

  test('a visitor who is not signed in, or must change the password first, gets no shell', async ({ page, signIn }) => {
    await blockScripts(page);
    await page.goto('/dashboard');
    await expect(page.locator('#root')).toBeEmpty();
    await expect(page.locator('template')).toHaveCount(0);

    await page.unrouteAll();
    await signIn();
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('srpf_user')!) as Record<string, unknown>;
      localStorage.setItem('srpf_user', JSON.stringify({ ...user, must_change_password: true }));
    });
    await blockScripts(page);
    await page.goto('/dashboard');
    await expect(page.locator('#root')).toBeEmpty();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`has no axe-core violations in the ${theme} theme before the app renders`, async ({ page, signIn }) => {
      await signIn();
      await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
      await blockScripts(page);
      await page.goto('/dashboard');
      await expect(page.locator('[data-banner="greeting"]')).not.toBeEmpty();
      await expectNoAxeViolations(page, `the signed-in shell (${theme})`);
    });
  }
});
