import { expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { SERVER_MODULES } from '../modules/index.js';
import { WHATSAPP_SEND_JOB } from '../modules/whatsapp/whatsapp.jobs.js';
import { openTestDatabase } from '../test/test-database.js';
import type { JobRunner } from './jobs/job-runner.js';
import { createMetrics } from './metrics.js';

// The manifest as the server reads it: through the module list.
const whatsappModule = SERVER_MODULES.find((module) => module.name === 'whatsapp')!;

/** The WhatsApp send job as its module declares it counts each attempt's outcome in the process's metrics (GET /api/metrics). */
it('counts the send job’s outcomes by outcome', async () => {
  const database = await openTestDatabase();
  try {
    const metrics = createMetrics({ db: database.db });
    const handlers = new Map<string, (data: object, job?: object) => Promise<unknown>>();
    const runner = {
      define: (name: string, handler: (data: object, job?: object) => Promise<unknown>) => handlers.set(name, handler),
      schedule: () => undefined,
    } as unknown as JobRunner;
    const outcomes = ['sent', 'sent', 'held'];
    const services = new Proxy(
      { whatsappSending: { run: async () => ({ deliveryId: 1, outcome: outcomes.shift() }) } },
      // Every other service of the module: declared, never called here.
      { get: (target, name) => (name in target ? target[name as keyof typeof target] : {}) },
    );
    whatsappModule.registerJobs!(runner, services as never, { metrics } as unknown as AppContext);
    const send = handlers.get(WHATSAPP_SEND_JOB)!;
    for (let i = 0; i < 3; i++) await send({ deliveryId: 1 });
    const text = await metrics.text();
    expect(text).toMatch(/^srpf_whatsapp_messages_total\{outcome="sent"\} 2$/m);
    expect(text).toMatch(/^srpf_whatsapp_messages_total\{outcome="held"\} 1$/m);
  } finally {
    await database.close();
  }
});
