import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Logger } from 'pino';
import { RENDERER_CHROMIUM_SWITCHES } from './chromium-command.js';
import { browserProcessId, killProcessGroup } from './chromium-process.js';

/**
 * One headless Chromium for the slips' PDFs (issue 19), shared by every render in this process:
 * launched on first use (a server that renders nothing never starts it), with N pages reused from
 * one render to the next, launched again after a crash, closed on shutdown.
 *
 * A slip that runs out of time closes the whole browser, and every process it started goes with it
 * (issue 27): closing only the page left Chromium's print compositor printing on for minutes.
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

/** The render took longer than its time limit: its browser was closed, and the next render starts a new one. */
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
   * Past `timeoutMs` the browser is closed under the work, which fails with RenderTimeoutError.
   */
  withPage<T>(work: (page: Page) => Promise<T>, options: { timeoutMs: number }): Promise<T>;
  /** Whether a browser is running now. */
  running(): boolean;
  /** Closes the browser (waiting for nothing); a later withPage launches a new one. */
  close(): Promise<void>;
}

interface Running {
  browser: Browser;
  /** The browser process's id, which is also its process group's (chromium-process.ts); undefined if Chromium did not say. */
  pid: number | undefined;
  context: BrowserContext;
  /** Requests the pages tried and were refused, for the log. */
  refused: number;
}

/** Settles with `promise`, or rejects once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(onTimeout()), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function createBrowserPool(options: BrowserPoolOptions): BrowserPool {
  const { executablePath, logger } = options;
  const size = Math.max(1, Math.floor(options.pages));
  const launchTimeoutMs = options.launchTimeoutMs ?? 30_000;
  const rendersPerPage = options.rendersPerPage ?? 500;
  /** How long a page or the browser may take to close before it is given up on (the browser then killed). */
  const closeTimeoutMs = 5_000;

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
      browser = await (
        await playwrightChromium()
      ).launch({
        executablePath,
        args: [...RENDERER_CHROMIUM_SWITCHES],
        timeout: launchTimeoutMs,
        // The server's own shutdown closes the browser after the last job, not Playwright's handlers.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (error) {
      throw new BrowserLaunchError(
        `Chromium could not be started from ${executablePath}: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`,
        { cause: error },
      );
    }
    try {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        offline: true,
        serviceWorkers: 'block',
        acceptDownloads: false,
        colorScheme: 'light',
      });
      const state: Running = { browser, context, pid: await browserProcessId(browser), refused: 0 };
      if (state.pid === undefined)
        logger?.warn(
          { component: 'renderer' },
          'Chromium did not tell its process id: a browser that will not close cannot be killed',
        );
      await context.route('**/*', async (route) => {
        state.refused += 1;
        // A navigation (a `<meta http-equiv=refresh>` to a URL, a frame's src) is answered 204 No
        // Content here, without any network: the browser then stays on the page it has, where an
        // aborted navigation would replace the slip with an error page.
        if (route.request().isNavigationRequest()) await route.fulfill({ status: 204, body: '' });
        else await route.abort('blockedbyclient');
      });
      browser.on('disconnected', () => {
        if (running === state)
          logger?.warn({ component: 'renderer' }, 'Chromium went away; the next slip starts it again');
        forget(state);
        // A browser that crashed may leave its children working on.
        if (state.pid !== undefined) killProcessGroup(state.pid);
      });
      logger?.info(
        { component: 'renderer', executablePath, pages: size, ms: Math.round(performance.now() - started) },
        'Chromium started for payslip PDFs',
      );
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

  /**
   * Closes the browser with every process it started (the next use launches a new one): politely
   * first; then, whether that worked or hung, its process group is killed, which ends what the
   * polite close left (a print compositor busy with a page long gone) or could not reach.
   */
  async function closeBrowser(state: Running) {
    forget(state);
    await within(state.browser.close(), closeTimeoutMs, () => new Error('browser close timed out')).catch(
      () => undefined,
    );
    if (state.pid !== undefined) killProcessGroup(state.pid);
  }

  /** Closes a page that failed or served its renders; if even that hangs, the whole browser goes. */
  async function discard(slot: number, page: Page, state: Running) {
    if (slots[slot] === page) slots[slot] = null;
    try {
      await within(page.close({ runBeforeUnload: false }), closeTimeoutMs, () => new Error('page close timed out'));
    } catch {
      await closeBrowser(state);
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
          if (timedOut) {
            // Past the time limit Chromium is still at work on the slip, and not only in its page's
            // renderer: the print compositor, a process of its own, goes on compositing a huge PDF
            // for minutes after the page is closed, and the browser process holds what was printed.
            // Closing the browser is the one step that ends all of it. Other slips printing on this
            // browser fail with it and their jobs retry them (5 s later, on a new browser): acceptable,
            // since a slip prints in well under a second against a limit of 15 s, so a time-out is
            // rare and a slip cut by others three times over rarer still; a browser per page would
            // spare them at the cost of a whole Chromium's memory per page.
            await closeBrowser(state);
            logger?.warn(
              { component: 'renderer', timeoutMs },
              'payslip rendering ran out of time; Chromium was closed with all it had started, and starts again for the next slip',
            );
          } else {
            // A page that failed otherwise is not trusted either.
            await discard(slot, current, state);
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
      if (state.refused > 0)
        logger?.info({ component: 'renderer', refused: state.refused }, 'requests refused to payslip pages');
      await closeBrowser(state);
    },
  };
}
