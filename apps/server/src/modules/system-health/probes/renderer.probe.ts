import { elapsedMs, figure, type ProbeResult } from './probe.js';

/** The PDF renderer's own state (payslips' `rendererHealth`): the reason names Chromium's path, for administrators. */
export type RendererHealth = () => Promise<{ available: boolean; reason?: string }>;

const CHECKING = 'checking whether Chromium starts';

/**
 * The PDF renderer: unavailable is a warning, not critical: slips are stored and their PDFs made once
 * Chromium is there, and the rest of the product works.
 */
export async function probeRenderer(rendererHealth: RendererHealth): Promise<ProbeResult> {
  const started = performance.now();
  const state = await rendererHealth().catch((error: unknown) => ({
    available: false,
    reason: error instanceof Error ? error.message : String(error),
  }));
  const responseTimeMs = elapsedMs(started);
  const figures = [figure('available', state.available, 'flag')];
  if (state.available) return { status: 'healthy', reason: null, responseTimeMs, figures };
  if (state.reason === CHECKING)
    return { status: 'warning', reason: { code: 'renderer_checking' }, responseTimeMs, figures };
  return {
    status: 'warning',
    reason: { code: 'renderer_unavailable', params: { detail: (state.reason ?? '').slice(0, 300) } },
    responseTimeMs,
    figures,
  };
}
