import type { Logger } from 'pino';
import { createBrowserPool, type BrowserPool } from './browser-pool.js';
import { DEFAULT_CHROMIUM_PATH } from './chromium-command.js';

/** How the slips' PDFs are rendered (config.ts: CHROMIUM_PATH, PAYSLIP_RENDER_PAGES, PAYSLIP_RENDER_TIMEOUT_SECONDS, PAYSLIP_FONT_PATH). */
export interface RendererSettings {
  /** The Chromium executable; never downloaded. */
  chromiumPath: string;
  /** Chromium pages rendering at once in this process. */
  pages: number;
  /** One slip's time limit, from the moment it has a page. */
  timeoutMs: number;
  /** A Noto Devanagari font file (woff2, woff, ttf or otf) to inline; unset: the one bundled with the server. */
  fontPath?: string;
}

export const DEFAULT_RENDERER_SETTINGS: RendererSettings = {
  chromiumPath: DEFAULT_CHROMIUM_PATH,
  pages: 1,
  timeoutMs: 15_000,
};

let settings: RendererSettings = DEFAULT_RENDERER_SETTINGS;
let logger: Logger | undefined;
let pool: BrowserPool | null = null;

/**
 * Sets the renderer of this process (the registry does, from the configuration). A browser started
 * under other settings is closed; the next render starts one under these.
 */
export function configureRenderer(next: RendererSettings, log?: Logger): void {
  const changed = next.chromiumPath !== settings.chromiumPath || next.pages !== settings.pages;
  settings = { ...next };
  logger = log?.child({ component: 'renderer' });
  if (changed && pool) {
    const old = pool;
    pool = null;
    void old.close();
  }
}

export const rendererSettings = (): RendererSettings => settings;
export const rendererLogger = (): Logger | undefined => logger;

/** The one browser of this process (not started until a slip needs it). */
export function sharedBrowserPool(): BrowserPool {
  pool ??= createBrowserPool({ executablePath: settings.chromiumPath, pages: settings.pages, logger });
  return pool;
}

/** Closes the shared browser, if one runs: after the job runner stopped, on shutdown. A later render starts it again. */
export async function closeRenderer(): Promise<void> {
  await pool?.close();
}
