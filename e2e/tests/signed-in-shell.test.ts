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
const json = (language: Language, namespace: string) =>
  JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
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

/** Records whether #root was ever left empty once the shell was in it: the app must replace it, never blank it. */
async function watchForBlank(page: Page): Promise<() => Promise<{ seen: boolean; blanked: boolean }>> {
  await page.addInitScript(() => {
    const state = { seen: false, blanked: false };
    (window as unknown as { shellState: typeof state }).shellState = state;
    new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root) return;
      if (root.hasAttribute('data-shell')) state.seen = true;
      if (state.seen && root.childElementCount === 0) state.blanked = true;
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
  return () =>
    page.evaluate(() => ({ ...(window as unknown as { shellState: { seen: boolean; blanked: boolean } }).shellState }));
}

const blockScripts = (page: Page, seen: string[] = []) =>
  page.route('**/*.js', (route) => {
    seen.push(route.request().url());
    return route.abort();
  });

test.describe('the signed-in shell', () => {
  for (const language of LANGUAGES) {
    test(`paints the frame and the welcome strip in ${language} before any JavaScript, and the dashboard renders over it unchanged`, async ({
      page,
      signIn,
    }) => {
      await signIn();
      await page.evaluate((chosen) => localStorage.setItem('srpf-language', chosen), language);
      const firstName = await page.evaluate(
        () => (JSON.parse(localStorage.getItem('srpf_user')!) as { first_name: string }).first_name,
      );

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
      expect({ x: after.box?.x, y: after.box?.y, height: after.box?.height }).toEqual({
        x: before.box?.x,
        y: before.box?.y,
        height: before.box?.height,
      });
      // The shell is gone: one strip, one main.
      await expect(page.locator('main')).toHaveCount(1);
      await expect(page.locator('[data-banner="greeting"]')).toHaveCount(1);
    });
  }

  for (const address of ['/dashboard', '/users', '/kpis', '/no-such-page', '/DASHBOARD']) {
    test(`on ${address} the app replaces the shell where it stood, never leaving the page blank`, async ({
      page,
      signIn,
    }) => {
      await signIn();
      const shellState = await watchForBlank(page);
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await shellState()).toEqual({ seen: true, blanked: false });
    });
  }

  // Kolkata keeps UTC+5:30: each instant is a minute either side of where the greeting or the date changes.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const instants = [
    ['T23:29:00Z', 'evening'],
    ['T23:30:00Z', 'morning'],
    ['T06:29:00Z', 'morning'],
    ['T06:30:00Z', 'afternoon'],
    ['T11:29:00Z', 'afternoon'],
    ['T11:30:00Z', 'evening'],
    ['T18:29:00Z', 'evening'],
    ['T18:30:00Z', 'evening'],
  ] as const;
  test('writes the greeting and the date the app writes, at every hour where they change', async ({ page, signIn }) => {
    await signIn();
    // The dashboard settled before the clock moves: once in a while its first visit here painted nothing (no session stored?).
    await expect(page.getByRole('heading', { level: 1, name: dashboardTitle('en') })).toBeVisible();
    for (const [index, [instant, period]] of instants.entries()) {
      const language = LANGUAGES[index % LANGUAGES.length]!;
      const moment = new Date(`${yesterday}${instant}`);
      const kolkataDay = new Date(moment.getTime() + 19_800_000).toISOString().slice(0, 10);
      const greeting = (json(language, 'dashboard').banner as { greeting: Record<string, string> }).greeting[period]!;
      await page.evaluate((chosen) => localStorage.setItem('srpf-language', chosen), language);
      await page.clock.setFixedTime(moment);
      await blockScripts(page);
      await page.goto('/dashboard');
      const stored = await page.evaluate(() => ({
        url: location.pathname,
        lang: document.documentElement.lang,
        session: localStorage.getItem('srpf_auth_token') !== null,
      }));
      expect(stored, `the shell's conditions at ${instant}`).toEqual({
        url: '/dashboard',
        lang: language,
        session: true,
      });
      await expect(page.locator('[data-banner="greeting"]')).not.toBeEmpty();
      const before = await strip(page);
      expect({ instant, greeting: before.texts[1]?.startsWith(greeting), today: before.today }).toEqual({
        instant,
        greeting: true,
        today: kolkataDay,
      });
      await page.unrouteAll();
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: dashboardTitle(language) })).toBeVisible();
      const after = await strip(page);
      expect({ instant, language, texts: after.texts, today: after.today }).toEqual({
        instant,
        language,
        texts: before.texts,
        today: before.today,
      });
    }
  });

  test('other signed-in pages get the frame alone, with the collapsed navigation remembered', async ({
    page,
    signIn,
  }) => {
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
