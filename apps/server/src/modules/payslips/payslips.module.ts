import { serverModule } from '../../lib/contracts/server-module.js';
import { createSlipReaders } from './payslips.read-pool.js';
import { createPayslipRendering } from './payslips.render-job.js';
import { chromiumRenderer } from './payslips.renderer.js';
import { payslipRoutes, salarySlipRoutes } from './payslips.routes.js';
import { createPayslipsService } from './payslips.service.js';
import { payslipStoredFiles } from './payslips.stored-files.js';
import { closeRenderer, configureRenderer } from './render/renderer-settings.js';
import { publicRendererStateLogging, rendererState } from './render/renderer-state.js';

/**
 * Salary slips (issue 19): uploads (/api/salary-slip), slips (/api/payslips), and the renderer that
 * makes their PDFs in background jobs, which this module alone starts, reports on and closes.
 */
export const payslipsModule = serverModule()({
  name: 'payslips',
  build(context) {
    configureRenderer(context.config.renderer, context.logger);
    // Uploaded slips are read in this app's own worker threads, ended when the app closes.
    const slipReaders = createSlipReaders(context.config.slipReaders);
    return {
      slipReaders,
      payslips: createPayslipsService(context, { renderer: chromiumRenderer }),
      payslipRendering: createPayslipRendering(context, chromiumRenderer),
      // The renderer's own state (its reason names Chromium's path) for the system health probe, administrators' page.
      rendererHealth: () => rendererState({ waitMs: 3_000 }),
    };
  },
  routes: ({ payslips, slipReaders }, context) => [
    { plugin: salarySlipRoutes(payslips, context.storage, slipReaders), prefix: '/salary-slip' },
    { plugin: payslipRoutes(payslips), prefix: '/payslips' },
  ],
  registerJobs: (jobs, { payslipRendering }) => payslipRendering.registerJobs(jobs),
  storedFiles: [payslipStoredFiles],
  readiness(context) {
    // Readiness is public and polled: the renderer's own reason (its path, Chromium's error) goes to the
    // log once each time it changes, and the answer says only whether PDFs can be made. The first check
    // starts Chromium once; within 3 s, or it says it is still checking.
    const publicState = publicRendererStateLogging((reason) =>
      context.logger.warn({ reason }, 'payslip PDFs cannot be made'),
    );
    return { renderer: async () => publicState(await rendererState({ waitMs: 3_000 })) };
  },
  // A browser a render started goes with the app (the next render starts another); so do the slip
  // readers' threads (idle ones end on their own after a few seconds).
  async close({ slipReaders }) {
    await closeRenderer();
    await slipReaders.close();
  },
});
