/**
 * `npm run bench:login-js`: the JavaScript a first visit to /login downloads, counted as a browser
 * receives it. A fresh headless Chromium profile (no cache) opens /login of the built product with
 * `srpf-language` set to each language in turn, and every JavaScript response until the network is
 * idle (no request for 500 ms, then a further `SETTLE_MS` in which nothing more may start: code
 * loaded when the browser is idle counts too) is gzipped one file at a time at level 6. The budget
 * is on the largest language: exit 1 above `LOGIN_JS_BUDGET_KB` (110 kB = 110,000 bytes).
 *
 *   npm run bench:login-js                   builds, starts the server on a fresh PGlite folder
 *   BASE_URL=http://127.0.0.1:3000 npx tsx bench/login-js.ts [--json]   against a running server
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { BROWSER_CHROMIUM_SWITCHES, requireChromium } from '@srpf/test-kit';
import { startServer } from './lib/server.js';

const BUDGET_BYTES = Number(process.env.LOGIN_JS_BUDGET_KB ?? 110) * 1000;
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 3000);
const LANGUAGES = ['en', 'mr', 'hi'] as const;
const PATH = process.env.LOGIN_PATH ?? '/login';

export interface ScriptFile {
  url: string;
  raw: number;
  gzip: number;
}

/** Every JavaScript file one fresh visit downloads, with its size raw and gzipped (level 6). */
export async function loginScripts(browser: Browser, baseUrl: string, language: string): Promise<ScriptFile[]> {
  const context = await browser.newContext();
  await context.addInitScript((chosen) => localStorage.setItem('srpf-language', chosen), language);
  const page = await context.newPage();
  const pending: Promise<ScriptFile | null>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const type = response.headers()['content-type'] ?? '';
    if (!url.pathname.endsWith('.js') && !/javascript/.test(type)) return;
    pending.push(
      response.body().then(
        (body) => ({ url: url.pathname, raw: body.length, gzip: gzipSync(body, { level: 6 }).length }),
        () => null,
      ),
    );
  });
  await page.goto(`${baseUrl}${PATH}`, { waitUntil: 'networkidle' });
  // Work started when the browser is idle (requestIdleCallback) comes after the first quiet moment.
  await page.waitForTimeout(SETTLE_MS);
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(pending)).filter((file): file is ScriptFile => file !== null);
  await context.close();
  const unique = new Map(files.map((file) => [file.url, file]));
  return [...unique.values()].sort((a, b) => b.gzip - a.gzip);
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
const total = (files: ScriptFile[]) => files.reduce((sum, file) => sum + file.gzip, 0);

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  let baseUrl = process.env.BASE_URL;
  let stop = async () => {};
  if (!baseUrl) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-login-js-'));
    const server = await startServer({ dataDir, timeoutMs: 180_000 });
    baseUrl = server.baseUrl;
    stop = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const browser = await chromium.launch({ executablePath: requireChromium(), args: [...BROWSER_CHROMIUM_SWITCHES] });
  const results: { language: string; totalGzipBytes: number; files: ScriptFile[] }[] = [];
  try {
    for (const language of LANGUAGES) {
      const files = await loginScripts(browser, baseUrl, language);
      results.push({ language, totalGzipBytes: total(files), files });
    }
  } finally {
    await browser.close();
    await stop();
  }
  const largest = results.reduce((a, b) => (b.totalGzipBytes > a.totalGzipBytes ? b : a));
  if (json) {
    console.log(JSON.stringify({ budgetBytes: BUDGET_BYTES, path: PATH, largest: largest.language, results }, null, 2));
  } else {
    for (const file of largest.files)
      console.log(`${kB(file.gzip).padStart(10)} gzip  ${kB(file.raw).padStart(10)} raw  ${file.url}`);
    for (const result of results) {
      console.log(
        `${kB(result.totalGzipBytes).padStart(10)} gzip  ${result.files.length} files  ${PATH} in ${result.language}`,
      );
    }
    console.log(
      `${kB(largest.totalGzipBytes).padStart(10)} gzip  the largest (${largest.language}); budget ${kB(BUDGET_BYTES)}`,
    );
  }
  if (largest.totalGzipBytes > BUDGET_BYTES) {
    console.error(`Over budget by ${kB(largest.totalGzipBytes - BUDGET_BYTES)}.`);
    process.exitCode = 1;
  }
}

await main();
