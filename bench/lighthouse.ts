/**
 * `npm run bench:lighthouse`: Lighthouse (the npm package, its default mobile preset and simulated
 * throttling) against the built product's /login in Debian's Chromium (chrome-launcher with
 * Chromium's default path, or CHROMIUM_PATH: no browser is downloaded), `RUNS` (3) runs in each language (English, Marathi,
 * Hindi: the stored `srpf-language`) and theme (the stored `theme`), then /dashboard signed in
 * (a stored session). The median of each figure goes to docs/PERFORMANCE.md, between the markers
 * of its section, with the load average of the machine beside every row: the figures mean
 * something only on a quiet machine.
 *
 * Every run starts cold: the browser's cache and the origin's storage are cleared, the chosen
 * language, theme (and session) are stored from a page of the origin that loads nothing else
 * (/api/health/live), and Lighthouse is told to keep storage (`disableStorageReset`).
 *
 *   npm run bench:lighthouse                 builds, starts the server on a fresh PGlite folder
 *   BASE_URL=http://127.0.0.1:3000 npx tsx bench/lighthouse.ts   against a running server (sign-in: BENCH_EMAIL/BENCH_PASSWORD)
 *   RUNS=1 WRITE_DOCS=0 …                    a quick check that changes nothing
 *   ONLY=/login ONLY=mr …                    only the rows whose page, language or theme is named
 *   REPORTS=/tmp/lh …                        also keeps each run's Lighthouse report (JSON) there, to see why
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { BROWSER_CHROMIUM_SWITCHES, logIn, requireChromium } from '@srpf/test-kit';
import { BENCH_ADMIN, startServer } from './lib/server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DOC = path.resolve(here, '../docs/PERFORMANCE.md');
const START = '<!-- bench:lighthouse:start -->';
const END = '<!-- bench:lighthouse:end -->';

const RUNS = Number(process.env.RUNS ?? 3);
const WRITE_DOCS = process.env.WRITE_DOCS !== '0';
const LANGUAGES = ['en', 'mr', 'hi'] as const;
const THEMES = ['light', 'dark'] as const;

const TARGETS = {
  performance: 0.95,
  lcpMs: 2000,
  tbtMs: 100,
  cls: 0.05,
  accessibility: 1,
  bestPractices: 1,
  dashboardLcpMs: 2500,
};

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

interface Row {
  page: string;
  language: string;
  theme: string;
  runs: Figures[];
  median: Figures;
  load: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0]!;

function figures(result: RunnerResult): Figures {
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id: string) => categories[id]?.score ?? Number.NaN;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

/** Cold browser, then this origin's localStorage holding `stored`. */
async function prepare(context: BrowserContext, origin: string, stored: Record<string, string>): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await page.goto(`${origin}/api/health/live`);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  await page.goto('about:blank');
  await cdp.detach();
}

/** The session the web app stores after signing in (its token and user). */
async function signIn(
  origin: string,
  credentials: { email: string; password: string },
): Promise<Record<string, string>> {
  const login = await logIn(origin, credentials);
  return { srpf_auth_token: login.token, srpf_user: JSON.stringify(login.data.user) };
}

/** One cold run; a run whose trace Lighthouse could not read (NO_NAVSTART and the like, on a busy machine) is tried again, twice at most. */
async function measure(
  chrome: LaunchedChrome,
  context: BrowserContext,
  origin: string,
  page: string,
  stored: () => Promise<Record<string, string>>,
): Promise<Figures> {
  for (let attempt = 1; ; attempt += 1) {
    await prepare(context, origin, await stored());
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true };
    const result = await lighthouse(`${origin}${page}`, flags);
    if (!result) throw new Error('Lighthouse returned nothing');
    const { runtimeError } = result.lhr;
    if (runtimeError && attempt < 3) {
      console.error(`  ${page}: ${runtimeError.code}, trying again`);
      continue;
    }
    if (process.env.REPORTS) {
      mkdirSync(process.env.REPORTS, { recursive: true });
      writeFileSync(path.join(process.env.REPORTS, `${page.slice(1)}-${Date.now()}.json`), result.report as string);
    }
    const url = new URL(result.lhr.finalDisplayedUrl);
    if (url.pathname !== page) throw new Error(`Lighthouse ended on ${url.pathname}, not ${page}`);
    return figures(result);
  }
}

function medians(runs: Figures[]): Figures {
  const keys = Object.keys(runs[0]!) as (keyof Figures)[];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as unknown as Figures;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mark = (ok: boolean) => (ok ? '' : ' ✗');

function table(rows: Row[]): string {
  const lines = [
    '| page | language | theme | performance | FCP | LCP | TBT | CLS | accessibility | best practices | load average |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { page, language, theme, median: m, load } of rows) {
    const lcpTarget = page === '/dashboard' ? TARGETS.dashboardLcpMs : TARGETS.lcpMs;
    lines.push(
      `| ${page} | ${language} | ${theme} | ${m.performance.toFixed(2)}${mark(page === '/dashboard' || m.performance >= TARGETS.performance)} | ${seconds(m.fcpMs)} | ${seconds(m.lcpMs)}${mark(m.lcpMs <= lcpTarget)} | ${Math.round(m.tbtMs)} ms${mark(page === '/dashboard' || m.tbtMs <= TARGETS.tbtMs)} | ${m.cls.toFixed(3)}${mark(page === '/dashboard' || m.cls <= TARGETS.cls)} | ${m.accessibility.toFixed(2)}${mark(page === '/dashboard' || m.accessibility >= TARGETS.accessibility)} | ${m.bestPractices.toFixed(2)}${mark(page === '/dashboard' || m.bestPractices >= TARGETS.bestPractices)} | ${load} |`,
    );
  }
  return lines.join('\n');
}

function writeDocs(rows: Row[], when: string): void {
  const doc = readFileSync(DOC, 'utf8');
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${DOC} has no ${START} … ${END} section`);
  const body = [
    START,
    `Last run: ${when}, ${os.cpus().length} CPUs, Node ${process.version}, Lighthouse 13.5.0 (mobile preset, simulated throttling), ${chromiumVersion}; median of ${RUNS} run(s) per row; the load average is the 1-minute figure when the row's runs began. ✗ marks a figure that misses its target (performance ≥ ${TARGETS.performance}, LCP ≤ ${TARGETS.lcpMs / 1000} s (dashboard ≤ ${TARGETS.dashboardLcpMs / 1000} s), TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}, accessibility and best practices 1.0; only LCP is a target on the dashboard).`,
    '',
    table(rows),
    END,
  ].join('\n');
  writeFileSync(DOC, doc.slice(0, from) + body + doc.slice(to + END.length));
}

let chromiumVersion = 'Chromium';

async function main(): Promise<void> {
  let origin = process.env.BASE_URL;
  let stopServer = async () => {};
  if (!origin) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-lighthouse-'));
    const server = await startServer({ dataDir, timeoutMs: 180_000 });
    origin = server.baseUrl;
    stopServer = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const credentials = {
    email: process.env.BENCH_EMAIL ?? BENCH_ADMIN.email,
    password: process.env.BENCH_PASSWORD ?? BENCH_ADMIN.password,
  };
  const chrome = await launch({
    chromePath: requireChromium(),
    chromeFlags: [...BROWSER_CHROMIUM_SWITCHES],
    logLevel: 'silent',
  });
  let browser: Browser | undefined;
  const rows: Row[] = [];
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  try {
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    chromiumVersion = `Chromium ${browser.version()}`;
    const context = browser.contexts()[0]!;
    const plan: { page: string; language: string; theme: string; stored: () => Promise<Record<string, string>> }[] = [];
    for (const language of LANGUAGES) {
      for (const theme of THEMES) {
        plan.push({ page: '/login', language, theme, stored: async () => ({ 'srpf-language': language, theme }) });
      }
    }
    plan.push({
      page: '/dashboard',
      language: 'en',
      theme: 'light',
      stored: async () => ({ 'srpf-language': 'en', theme: 'light', ...(await signIn(origin, credentials)) }),
    });

    const only = process.env.ONLY;
    for (const item of plan.filter(({ page, language, theme }) => !only || [page, language, theme].includes(only))) {
      const load = loadAverage();
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await measure(chrome, context, origin, item.page, item.stored));
      const row: Row = {
        page: item.page,
        language: item.language,
        theme: item.theme,
        runs,
        median: medians(runs),
        load: `${load}–${loadAverage()}`,
      };
      rows.push(row);
      console.log(table([row]).split('\n')[2]);
    }
  } finally {
    await browser?.close().catch(() => undefined);
    chrome.kill();
    await stopServer();
  }
  console.log(`\n${table(rows)}`);
  if (WRITE_DOCS) {
    writeDocs(rows, when);
    console.log(`\nWritten to ${path.relative(process.cwd(), DOC)}.`);
  }
}

await main();
