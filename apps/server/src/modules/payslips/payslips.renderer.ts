import { renderSlipPdf } from './render/render-slip.js';
import { rendererState } from './render/renderer-state.js';

/**
 * What the payslips ask of the PDF renderer (headless Chromium, render/): a slip's HTML printed to
 * an A4 PDF (its time limit is the renderer's, PAYSLIP_RENDER_TIMEOUT_SECONDS), and whether Chromium
 * can be started at all (`waitMs`: answer within it while a first check is still starting Chromium).
 * The service takes it as a dependency, so tests give it a fake and the registry the real one.
 */
export interface PayslipRenderer {
  render(html: string): Promise<Buffer>;
  state(options?: { waitMs?: number }): Promise<{ available: boolean; reason?: string }>;
}

export const chromiumRenderer: PayslipRenderer = {
  render: (html) => renderSlipPdf(html),
  state: (options) => rendererState(options),
};
