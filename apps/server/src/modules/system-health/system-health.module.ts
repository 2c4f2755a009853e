import path from 'node:path';
import { serverModule } from '../../lib/contracts/server-module.js';
import { FIRST_SAMPLE_DELAY_MS } from '../../lib/health/sampler.js';
import type { RendererHealth } from './probes/renderer.probe.js';
import { createProbeRun, HEALTH_PROBE_CRON, HEALTH_PROBE_JOB } from './system-health.probe-run.js';
import { createHealthPrune, HEALTH_PRUNE_CRON, HEALTH_PRUNE_JOB } from './system-health.prune.js';
import { systemHealthRoutes } from './system-health.routes.js';
import { createSystemHealthService } from './system-health.service.js';

/**
 * The system health page (issue 32): the minute probe of the shared services (database, storage,
 * queue, PDF renderer, WhatsApp), its alerts, the daily prune, and GET /api/system-health over what
 * they and every process's minute samples (lib/health/sampler.ts) kept.
 */
export const systemHealthModule = serverModule<{ rendererHealth: RendererHealth }>()({
  name: 'system-health',
  needs: { rendererHealth: true },
  build(context, { rendererHealth }) {
    return {
      systemHealth: createSystemHealthService(context),
      healthProbe: createProbeRun({
        db: context.db,
        clock: context.clock,
        logger: context.logger,
        storage: context.storage,
        storageFolder: path.join(context.config.dataDir, 'files'),
        whatsappProvider: context.config.whatsapp.provider,
        rendererHealth,
      }),
      /**
       * A run soon, not at the next whole minute (a process that works jobs asks at start): just after
       * the process's first sample, so that run judges it too and the page is whole within seconds.
       */
      requestHealthProbe: () =>
        context.jobs.enqueue(
          context.db,
          HEALTH_PROBE_JOB,
          {},
          {
            startAfter: new Date(Date.now() + FIRST_SAMPLE_DELAY_MS + 2_000),
          },
        ),
      healthPrune: createHealthPrune(context),
    };
  },
  routes: ({ systemHealth }) => [{ plugin: systemHealthRoutes(systemHealth), prefix: '/system-health' }],
  registerJobs(jobs, { healthProbe, healthPrune }) {
    // One run a minute across every instance (a scheduled job goes to one worker); a run within 30 s of
    // another (the one asked for at start, jobs piled up behind a stuck run) is skipped.
    jobs.define(
      HEALTH_PROBE_JOB,
      async () => {
        const { results, written, pending, skipped } = await healthProbe.run({ skipIfRanWithinMs: 30_000 });
        if (skipped) return { skipped: true };
        return {
          written,
          pending,
          statuses: Object.fromEntries(results.map((result) => [result.service, result.status])),
        };
      },
      { retryLimit: 0, expireInSeconds: 120, keepSeconds: 3600 },
    );
    jobs.schedule(HEALTH_PROBE_JOB, HEALTH_PROBE_CRON);
    jobs.define(HEALTH_PRUNE_JOB, () => healthPrune(), { keepSeconds: 7 * 24 * 3600 });
    jobs.schedule(HEALTH_PRUNE_JOB, HEALTH_PRUNE_CRON);
  },
});
