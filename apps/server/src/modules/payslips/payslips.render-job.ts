import { Readable } from 'node:stream';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import type { JobContext, JobOptions, JobRunner } from '../../lib/jobs/job-runner.js';
import type { PayslipRenderer } from './payslips.renderer.js';
import * as repository from './payslips.repository.js';

/**
 * Rendering a slip's PDF in the background (issue 19): one short job per slip on the job runner,
 * enqueued in the upload's transaction. The job is idempotent: a slip whose PDF is ready is left
 * alone, and of two attempts racing only the first PDF is recorded. Without Chromium the slip stays
 * `waiting` (with the reason); a scheduled pass queues the waiting ones again once Chromium can start.
 */

export const PAYSLIP_RENDER_JOB = 'payslip.render';
export const PAYSLIP_RENDER_WAITING_JOB = 'payslip.render-waiting';
/** Every 10 minutes: slips left waiting while Chromium was missing are queued again once it is there. */
export const PAYSLIP_RENDER_WAITING_CRON = '*/10 * * * *';
/** Waiting slips queued again in one pass at most (the next pass takes the rest). */
const REQUEUE_BATCH = 1_000;

export const PAYSLIP_RENDER_OPTIONS: JobOptions = {
  retryLimit: 2,
  retryDelaySeconds: 5,
  retryBackoff: true,
  retryDelayMaxSeconds: 60,
  // A job is short: one killed or stuck is failed and retried within the runner's minute.
  expireInSeconds: 60,
  heartbeatSeconds: 20,
  // Set from PAYSLIP_RENDER_PAGES when the job is declared: one job per Chromium page.
  concurrency: 1,
  keepSeconds: 24 * 3600,
};

/** At most one queued render job per slip. */
export const renderJobKey = (payslipId: number) => `payslip:${payslipId}`;

export interface RenderJobData {
  payslipId: number;
}

export type RenderOutcome = {
  payslipId: number;
  outcome: 'rendered' | 'already_ready' | 'gone' | 'waiting' | 'failed';
  reason?: string;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

async function readText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export function createPayslipRendering(context: AppContext, renderer: PayslipRenderer) {
  const { db, storage, clock, jobs, logger } = context;

  async function fail(payslipId: number, reason: string): Promise<RenderOutcome> {
    await db.transaction(async (tx) => {
      await repository.recordPdfProblem(tx, payslipId, 'failed', reason, clock.now());
      await audit(tx, {
        actorId: null,
        action: 'payslip.render',
        entityType: 'payslip',
        entityId: payslipId,
        outcome: 'failure',
        details: { reason },
      });
    });
    return { payslipId, outcome: 'failed', reason };
  }

  /** Renders one slip's PDF; throws to be retried, records `failed` on the last attempt. */
  async function render(
    data: RenderJobData,
    job: Pick<JobContext, 'attempt'> & { retryLimit?: number },
  ): Promise<RenderOutcome> {
    const { payslipId } = data;
    const slip = await repository.slipToRender(db, payslipId);
    if (!slip) return { payslipId, outcome: 'gone' };
    if (slip.pdf_state === 'ready') return { payslipId, outcome: 'already_ready' };
    const state = await renderer.state().catch((error: unknown) => ({ available: false, reason: messageOf(error) }));
    if (!state.available) {
      const reason = `Waiting for Chromium: ${state.reason ?? 'not available'}`;
      await repository.recordPdfProblem(db, payslipId, 'waiting', reason, clock.now());
      return { payslipId, outcome: 'waiting', reason };
    }
    const html = await storage.get(slip.html_key);
    if (!html) return fail(payslipId, 'The uploaded HTML of this slip is missing');
    let pdf: Buffer;
    try {
      pdf = await renderer.render(await readText(html.stream));
    } catch (error) {
      const lastAttempt = job.attempt >= (job.retryLimit ?? PAYSLIP_RENDER_OPTIONS.retryLimit!);
      if (!lastAttempt) throw error;
      // Chromium itself gone (not this slip's fault): the slip waits for it, like an upload without it.
      const now = await renderer.state().catch(() => ({ available: false, reason: messageOf(error) }));
      if (!now.available) {
        const reason = `Waiting for Chromium: ${now.reason ?? 'not available'}`;
        await repository.recordPdfProblem(db, payslipId, 'waiting', reason, clock.now());
        return { payslipId, outcome: 'waiting', reason };
      }
      return fail(payslipId, `Rendering failed: ${messageOf(error)}`);
    }
    const stored = await storage.put(Readable.from([pdf]));
    let published = false;
    try {
      const recorded = await db.transaction(async (tx) => {
        const now = clock.now();
        if (!(await repository.recordPdf(tx, payslipId, { key: stored.key, size: stored.size }, now))) return false;
        await audit(tx, {
          actorId: null,
          action: 'payslip.render',
          entityType: 'payslip',
          entityId: payslipId,
          outcome: 'success',
          details: { size: stored.size },
        });
        await storage.commit(stored.key);
        published = true;
        return true;
      });
      if (!recorded) {
        await storage.discard(stored.key);
        return { payslipId, outcome: 'already_ready' };
      }
    } catch (error) {
      await (published ? storage.delete(stored.key) : storage.discard(stored.key)).catch(() => undefined);
      throw error;
    }
    return { payslipId, outcome: 'rendered' };
  }

  /** Queues the slips still waiting, once Chromium can start. */
  async function requeueWaiting(): Promise<{ queued: number }> {
    const state = await renderer.state().catch(() => ({ available: false }));
    if (!state.available) return { queued: 0 };
    const ids = await repository.waitingSlips(db, 0, REQUEUE_BATCH);
    await jobs.enqueueMany(
      db,
      PAYSLIP_RENDER_JOB,
      ids.map((id) => ({ data: { payslipId: id }, singletonKey: renderJobKey(id) })),
    );
    if (ids.length > 0) logger.info({ slips: ids.length }, 'queued the PDFs of waiting payslips');
    return { queued: ids.length };
  }

  return {
    render,
    requeueWaiting,
    /** Declares the jobs (the payslips manifest calls it while the runner is being set up). */
    registerJobs(runner: JobRunner) {
      runner.define<RenderJobData, RenderOutcome>(
        PAYSLIP_RENDER_JOB,
        async (data, job) => {
          const result = await render(data, job);
          context.metrics.pdfsRendered.inc({ outcome: result.outcome });
          return result;
        },
        {
          ...PAYSLIP_RENDER_OPTIONS,
          concurrency: context.config.renderer.pages,
        },
      );
      runner.define(PAYSLIP_RENDER_WAITING_JOB, () => requeueWaiting(), { retryLimit: 1, retryDelaySeconds: 60 });
      runner.schedule(PAYSLIP_RENDER_WAITING_JOB, PAYSLIP_RENDER_WAITING_CRON, {}, { missed: 'once' });
    },
  };
}
export type PayslipRendering = ReturnType<typeof createPayslipRendering>;
