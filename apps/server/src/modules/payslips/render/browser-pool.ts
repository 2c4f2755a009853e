import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Logger } from 'pino';

/**
 * One headless Chromium for the slips' PDFs (issue 19), shared by every render in this process:
 * launched on first use (a server that renders nothing never starts it), with N pages reused from
 * one render to the next, launched again after a crash, closed on shutdown.
 *
 * The one context every page lives in is where the page's reach is cut: its scripts are disabled, it
 * is offline, every request it makes is refused (`route('**∕*')`: aborted, or a navigation answered
 * 204 without leaving the page), and Chromium resolves no
 * host name or address at all (`--host-resolver-rules`), which also stops what interception does not
 * see (a `<link rel=preconnect>` or `prefetch`). Only `data:` URLs, which need no network, load.
 */

/**
 * Playwright's library, loaded on first use: imported, it holds ≈ 85 MB of the process's memory,
 * which a server that renders no slip need not carry (docs/PERFORMANCE.md, "The embedded database's memory").
 */
export async function playwrightChromium() {
  return (await import('playwright-core')).chromium;
}

/** Chromium's switches: nothing in the background, no GPU, no QUIC, and no address resolves (`~NOTFOUND`). */
export const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--host-resolver-rules=MAP * ~NOTFOUND',
];

export interface BrowserPoolOptions {
  /** The Chromium executable (CHROMIUM_PATH); a browser is never downloaded. */
  executablePath: string;
  /** Pages rendering at once. */
  pages: number;
  logger?: Logger;
  /** How long Chromium may take to start. Default 30 s. */
  launchTimeoutMs?: number;
  /** A page is replaced by a fresh one after this many renders, so nothing a long run leaves behind piles up. Default 500. */
  rendersPerPage?: number;
}

/** The render took longer than its time limit: its page was closed, and the next render gets a new one. */
export class RenderTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`rendering took longer than ${timeoutMs} ms`);
    this.name = 'RenderTimeoutError';
  }
}

/** Chromium could not be started (missing, not executable, or it failed at launch). */
export class BrowserLaunchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BrowserLaunchError';
  }
}

export interface BrowserPool {
  readonly executablePath: string;
  readonly pages: number;
  /**
   * Runs `work` on a free page (waiting while all are busy; the wait is not part of the time limit).
   * Past `timeoutMs` the page is closed under the work, which fails with RenderTimeoutError.
   */
  withPage<T>(work: (page: Page) => Promise<T>, options: { timeoutMs: number }): Promise<T>;
  /** Whether a browser is running now. */
  running(): boolean;
  /** Closes the browser (waiting for nothing); a later withPage launches a new one. */
  close(): Promise<void>;
}

interface Running {
  browser: Browser;
  context: BrowserContext;
  /** Requests the pages tried and were refused, for the log. */
  refused: number;
}

/** Settles with `promise`, or rejects once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(onTimeout()), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

export function createBrowserPool(options: BrowserPoolOptions): BrowserPool {
  const { executablePath, logger } = options;
  const size = Math.max(1, Math.floor(options.pages));
  const launchTimeoutMs = options.launchTimeoutMs ?? 30_000;
  const rendersPerPage = options.rendersPerPage ?? 500;

  let running: Running | null = null;
  let launching: Promise<Running> | null = null;
  // The page each slot holds (null: none yet, or thrown away), the free slots, and who waits for one.
  const slots: (Page | null)[] = Array.from({ length: size }, () => null);
  const renders: number[] = slots.map(() => 0);
  const free: number[] = slots.map((_page, index) => index);
  const waiting: ((slot: number) => void)[] = [];

  function forget(gone: Running) {
    if (running !== gone) return;
    running = null;
    slots.fill(null);
  }

  async function launch(): Promise<Running> {
    const started = performance.now();
    let browser: Browser;
    try {
      browser = await (await playwrightChromium()).launch({
        executablePath,
        args: CHROMIUM_ARGS,
        timeout: launchTimeoutMs,
        // The server's own shutdown closes the browser after the last job, not Playwright's handlers.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (error) {
      throw new BrowserLaunchError(`Chromium could not be started from ${executablePath}: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`, { cause: error });
    }
    try {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        offline: true,
        serviceWorkers: 'block',
        acceptDownloads: false,
        colorScheme: 'light',
      });
      const state: Running = { browser, context, refused: 0 };
      await context.route('**/*', async (route) => {
        state.refused += 1;
        // A navigation (a `<meta http-equiv=refresh>` to a URL, a frame's src) is answered 204 No
        // Content here, without any network: the browser then stays on the page it has, where an
        // aborted navigation would replace the slip with an error page.
        if (route.request().isNavigationRequest()) await route.fulfill({ status: 204, body: '' });
        else await route.abort('blockedbyclient');
      });
      browser.on('disconnected', () => {
        if (running === state) logger?.warn({ component: 'renderer' }, 'Chromium went away; the next slip starts it again');
        forget(state);
      });
      logger?.info({ component: 'renderer', executablePath, pages: size, ms: Math.round(performance.now() - started) }, 'Chromium started for payslip PDFs');
      return state;
    } catch (error) {
      await browser.close().catch(() => undefined);
      throw error;
    }
  }

  async function ensureRunning(): Promise<Running> {
    if (running?.browser.isConnected()) return running;
    launching ??= launch()
      .then((state) => {
        running = state;
        return state;
      })
      .finally(() => {
        launching = null;
      });
    return launching;
  }

  async function takeSlot(): Promise<number> {
    const slot = free.pop();
    if (slot !== undefined) return slot;
    return new Promise((resolve) => waiting.push(resolve));
  }

  function releaseSlot(slot: number) {
    const next = waiting.shift();
    if (next) next(slot);
    else free.push(slot);
  }

  /** Closes a page that ran out of time; if even that hangs, the whole browser goes (and comes back on the next use). */
  async function discard(slot: number, page: Page, state: Running) {
    if (slots[slot] === page) slots[slot] = null;
    try {
      await within(page.close({ runBeforeUnload: false }), 5_000, () => new Error('page close timed out'));
    } catch {
      forget(state);
      await state.browser.close().catch(() => undefined);
    }
  }

  return {
    executablePath,
    pages: size,

    async withPage(work, { timeoutMs }) {
      const slot = await takeSlot();
      try {
        const state = await ensureRunning();
        let page = slots[slot];
        if (page && (renders[slot] ?? 0) >= rendersPerPage) {
          await discard(slot, page, state);
          page = null;
        }
        if (!page || page.isClosed()) {
          page = await state.context.newPage();
          slots[slot] = page;
          renders[slot] = 0;
        }
        renders[slot] = (renders[slot] ?? 0) + 1;
        const current = page;
        let timedOut = false;
        try {
          return await within(work(current), timeoutMs, () => {
            timedOut = true;
            return new RenderTimeoutError(timeoutMs);
          });
        } catch (error) {
          // Past the time limit the work may still hold the page (a layout of a huge page, a PDF being
          // printed): closing the page ends it. A page that failed otherwise is not trusted either.
          await discard(slot, current, state);
          if (timedOut) {
            logger?.warn({ component: 'renderer', timeoutMs }, 'payslip rendering ran out of time; its page was closed');
          }
          throw error;
        }
      } finally {
        releaseSlot(slot);
      }
    },

    running: () => running?.browser.isConnected() ?? false,

    async close() {
      const pending = launching;
      const state = running ?? (pending ? await pending.catch(() => null) : null);
      if (!state) return;
      forget(state);
      if (state.refused > 0) logger?.info({ component: 'renderer', refused: state.refused }, 'requests refused to payslip pages');
      await state.browser.close().catch(() => undefined);
    },
  };
}
