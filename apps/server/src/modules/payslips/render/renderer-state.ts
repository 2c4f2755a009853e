import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { playwrightChromium } from './browser-pool.js';
import { RENDERER_CHROMIUM_SWITCHES } from './chromium-command.js';
import { rendererSettings, sharedBrowserPool } from './renderer-settings.js';

/**
 * Whether this process can render PDFs: the Chromium of CHROMIUM_PATH is there and starts. Asked by
 * `GET /api/health/ready` (a field; readiness never fails for it), by the upload (to say that PDFs
 * will be made once Chromium is installed) and by the render jobs. A yes is kept until a launch
 * fails; a no is asked again after a minute, so installing Chromium needs no restart.
 */
export interface RendererState {
  available: boolean;
  reason?: string;
}

/** A first check still starting Chromium: it names nothing of the server, so anyone may read it. */
export const RENDERER_CHECKING = 'checking whether Chromium starts';
/** What anyone may read of a renderer that cannot print: not where Chromium was looked for nor how it failed. */
export const RENDERER_UNAVAILABLE =
  'Chromium is not available on this server: slips are stored, and their PDFs made once it is';

/** The state as anyone may read it: the renderer's own reason (its path, Chromium's error) is for the operator and those who manage payslips. */
export function publicRendererState<T extends { available: boolean; reason?: string | null }>(state: T): T {
  return state.available || state.reason === RENDERER_CHECKING ? state : { ...state, reason: RENDERER_UNAVAILABLE };
}

/**
 * For a public, polled answer: hands the renderer's own reason to `log` once each time it changes
 * (not for a check still starting Chromium, which is no new reason) and answers the public state.
 */
export function publicRendererStateLogging(log: (reason: string) => void): (state: RendererState) => RendererState {
  let logged: string | undefined;
  return (state) => {
    if (state.available) logged = undefined;
    else if (state.reason !== RENDERER_CHECKING && state.reason !== logged) {
      logged = state.reason;
      log(state.reason ?? 'no reason given');
    }
    return publicRendererState(state);
  };
}

/** How long a "not available" answer is kept. */
const RECHECK_UNAVAILABLE_MS = 60_000;
/** A probe's launch may take this long. */
const PROBE_LAUNCH_TIMEOUT_MS = 20_000;

interface Kept {
  chromiumPath: string;
  state: RendererState;
  at: number;
}

let kept: Kept | null = null;
let probing: { chromiumPath: string; answer: Promise<RendererState> } | null = null;

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

async function probe(chromiumPath: string): Promise<RendererState> {
  try {
    await access(chromiumPath, constants.X_OK);
  } catch {
    return {
      available: false,
      reason: `Chromium is not installed at ${chromiumPath} (set CHROMIUM_PATH, or install it: apt-get install chromium); slips are stored and their PDFs made once it is there`,
    };
  }
  const pool = sharedBrowserPool();
  if (pool.running() && pool.executablePath === chromiumPath) return { available: true };
  try {
    const browser = await (
      await playwrightChromium()
    ).launch({
      executablePath: chromiumPath,
      args: [...RENDERER_CHROMIUM_SWITCHES],
      timeout: PROBE_LAUNCH_TIMEOUT_MS,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    await browser.close();
    return { available: true };
  } catch (error) {
    return { available: false, reason: `Chromium at ${chromiumPath} does not start: ${firstLine(error)}` };
  }
}

function start(chromiumPath: string): Promise<RendererState> {
  if (probing?.chromiumPath === chromiumPath) return probing.answer;
  const answer = probe(chromiumPath).then((state) => {
    kept = { chromiumPath, state, at: Date.now() };
    return state;
  });
  const current = { chromiumPath, answer };
  probing = current;
  void answer.finally(() => {
    if (probing === current) probing = null;
  });
  return answer;
}

/**
 * The renderer's state, kept (see above). `waitMs`: answer within this even while a first check is
 * still starting Chromium (readiness must answer fast), saying so; the check goes on and is kept.
 */
export async function rendererState(options: { waitMs?: number } = {}): Promise<RendererState> {
  const { chromiumPath } = rendererSettings();
  if (kept?.chromiumPath === chromiumPath && (kept.state.available || Date.now() - kept.at < RECHECK_UNAVAILABLE_MS))
    return kept.state;
  const answer = start(chromiumPath);
  if (options.waitMs === undefined) return answer;
  let timer: NodeJS.Timeout | undefined;
  const pending = new Promise<RendererState>((resolve) => {
    timer = setTimeout(() => resolve({ available: false, reason: RENDERER_CHECKING }), options.waitMs);
  });
  try {
    return await Promise.race([answer, pending]);
  } finally {
    clearTimeout(timer);
  }
}

/** Forgets the kept answer (Chromium failed to start for a render): the next question checks again. */
export function forgetRendererState(): void {
  kept = null;
}
