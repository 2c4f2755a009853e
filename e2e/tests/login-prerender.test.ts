import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations, type Theme } from '../lib/axe.js';
import { test, expect, ADMIN } from '../lib/fixtures.js';

/**
 * The sign-in page arrives pre-rendered in every language (apps/web/scripts/prerender.mjs): it shows
 * before any JavaScript runs, the first-paint script picks the stored language and theme, and the
 * page then hydrates without a mismatch.
 */

const LANGUAGES = ['en', 'mr', 'hi'] as const;
type Language = (typeof LANGUAGES)[number];

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/locales');
interface LoginTexts {
  hero: { headline: string };
  title: string;
  identifier: { label: string };
  password: { label: string };
  submit: string;
}
const texts = (language: Language) =>
  JSON.parse(readFileSync(path.join(localesDir, language, 'login.json'), 'utf8')) as LoginTexts;

/** A fresh visitor whose browser has stored this language and theme (as the toolbar stores them). */
async function visitor(browser: Browser, baseURL: string, language: Language, theme: Theme): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(
    ([chosenLanguage, chosenTheme]) => {
      localStorage.setItem('srpf-language', chosenLanguage);
      localStorage.setItem('theme', chosenTheme);
    },
    [language, theme] as const,
  );
  return context.newPage();
}

/** Every console error or warning and every uncaught error of a page (a hydration mismatch is reported as one). */
function problems(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') found.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => found.push(`uncaught: ${error.message}`));
  return found;
}

const hydrated = (page: Page) => expect(page.locator('#root[data-hydrated]')).toHaveCount(1);

/**
 * #root's markup, comparable between a hydrated page and one rendered in the browser alone: elements
 * with their attributes sorted (servers and browsers write them in different orders) and text,
 * without React's Suspense markers and the select's `selected` attribute, which only server markup
 * has; useId's ids differ in spelling and are numbered in order of appearance.
 */
async function rootMarkup(page: Page): Promise<string> {
  const markup = await page.locator('#root').evaluate((root) => {
    const write = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (node.nodeType !== Node.ELEMENT_NODE) return '';
      const element = node as Element;
      const attributes = [...element.attributes]
        .filter((attribute) => attribute.name !== 'selected')
        .map((attribute) => `${attribute.name}="${attribute.value}"`)
        .sort()
        .join(' ');
      return `<${element.localName} ${attributes}>${[...element.childNodes].map(write).join('')}</${element.localName}>`;
    };
    return [...root.childNodes].map(write).join('');
  });
  const ids = new Map<string, string>();
  return markup.replace(/_[rR]_[0-9a-z]+_/g, (id) => {
    if (!ids.has(id)) ids.set(id, `id${ids.size}`);
    return ids.get(id)!;
  });
}

test.describe('the pre-rendered sign-in page', () => {
  for (const language of LANGUAGES) {
    test(`shows its heading and form in ${language} before any JavaScript runs`, async ({ browser, baseURL }) => {
      const page = await visitor(browser, baseURL!, language, 'light');
      const scripts: string[] = [];
      await page.route('**/*.js', (route) => {
        scripts.push(route.request().url());
        return route.abort();
      });
      const text = texts(language);
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1, name: text.hero.headline })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: text.title })).toBeVisible();
      await expect(page.getByLabel(text.identifier.label, { exact: true })).toBeVisible();
      await expect(page.getByLabel(text.password.label, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: text.submit, exact: true })).toBeVisible();
      // The scripts were asked for and refused: what shows is the HTML alone.
      expect(scripts.length).toBeGreaterThan(0);
      await expect(page.locator('#root[data-hydrated]')).toHaveCount(0);
      // Only the stored language's page is in the document; the other templates are gone.
      await expect(page.locator('template')).toHaveCount(0);

      // Pressing Enter before the page has come alive submits nothing (no password in the address).
      await page.getByLabel(text.identifier.label, { exact: true }).fill(ADMIN.email);
      await page.getByLabel(text.password.label, { exact: true }).fill(ADMIN.password);
      await page.getByLabel(text.password.label, { exact: true }).press('Enter');
      await page.waitForTimeout(300);
      expect(new URL(page.url()).search).toBe('');
      await page.context().close();
    });

    test(`hydrates in ${language} and signs in`, async ({ browser, baseURL }) => {
      const page = await visitor(browser, baseURL!, language, 'light');
      const found = problems(page);
      const text = texts(language);
      await page.goto('/login');
      await hydrated(page);
      await page.getByLabel(text.identifier.label, { exact: true }).fill(ADMIN.email);
      await page.getByLabel(text.password.label, { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: text.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      expect(found).toEqual([]);
      await page.context().close();
    });
  }

  test('what is typed and a press of Sign in before the page comes alive are carried out once it does', async ({
    browser,
    baseURL,
  }) => {
    const page = await visitor(browser, baseURL!, 'mr', 'light');
    const text = texts('mr');
    // The scripts arrive late, as on a slow connection.
    await page.route('**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel(text.identifier.label, { exact: true }).fill(ADMIN.email);
    await page.getByLabel(text.password.label, { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: text.submit, exact: true }).click();
    await expect(page.locator('#root[data-hydrated]')).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await page.context().close();
  });

  for (const [language, theme] of [
    ['mr', 'light'],
    ['mr', 'dark'],
    ['en', 'dark'],
    ['hi', 'dark'],
  ] as const) {
    test(`hydrates in ${language}, ${theme}, with nothing in the console and the markup the browser renders itself`, async ({
      browser,
      baseURL,
    }) => {
      const page = await visitor(browser, baseURL!, language, theme);
      const found = problems(page);
      await page.goto('/login');
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      // The toggle says which theme is on once the page is alive (the markup was rendered light).
      await expect(page.locator('button[aria-pressed]')).toHaveAttribute('aria-pressed', String(theme === 'dark'));
      const hydratedMarkup = await rootMarkup(page);

      // The same route rendered in the browser alone (the plain shell, no pre-rendered markup):
      // what hydration kept must be exactly what React renders, attributes included.
      const fresh = await visitor(browser, baseURL!, language, theme);
      const shell = await (await fresh.request.get('/')).text();
      await fresh.route(
        (url) => url.pathname === '/login',
        (route) => route.fulfill({ status: 200, contentType: 'text/html', body: shell }),
      );
      await fresh.goto('/login');
      await expect(fresh.locator('#login-title')).toBeVisible();
      await fresh.waitForLoadState('networkidle');
      expect(hydratedMarkup).toBe(await rootMarkup(fresh));

      // And it works: a check of the form and a change of language, still nothing in the console.
      await page.getByRole('button', { name: texts(language).submit, exact: true }).click();
      await expect(page.locator('form p').first()).toBeVisible();
      await page.locator('select').selectOption('en');
      await expect(page.getByRole('heading', { level: 2, name: 'Sign in' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect(found).toEqual([]);
      await page.context().close();
      await fresh.context().close();
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    test(`has no axe-core violations in the ${theme} theme, before and after hydration`, async ({
      browser,
      baseURL,
    }) => {
      for (const language of ['en', 'mr'] as const) {
        const before = await visitor(browser, baseURL!, language, theme);
        await before.route('**/*.js', (route) => route.abort());
        await before.goto('/login');
        await expect(before.locator('#login-title')).toBeVisible();
        await expectNoAxeViolations(before, `/login in ${language} (${theme}) before hydration`);
        await before.context().close();

        const after = await visitor(browser, baseURL!, language, theme);
        await after.goto('/login');
        await hydrated(after);
        await expectNoAxeViolations(after, `/login in ${language} (${theme})`);
        await after.context().close();
      }
    });
  }

  test('a signed-in visitor of /login goes on to the dashboard without the sign-in page showing', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const seen: boolean[] = [];
    await page.exposeFunction('reportLoginTitle', (shown: boolean) => seen.push(shown));
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { reportLoginTitle: (shown: boolean) => void }).reportLoginTitle(
          document.getElementById('login-title') !== null,
        );
      });
    });
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(seen).toEqual([false]);
  });
});
