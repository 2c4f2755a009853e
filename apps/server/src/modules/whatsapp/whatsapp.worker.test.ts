import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { payslips, whatsappDeliveries, whatsappOutbox } from '../../db/schema/index.js';
import { createJobRunner, type JobRunner } from '../../lib/jobs/job-runner.js';
import { TEST_TIMINGS, waitFor } from '../../lib/jobs/test-support.js';
import { createLogger } from '../../lib/logger.js';
import { createPayslipTestApp, type PayslipTestApp } from '../../test/payslip-fixtures.js';
import { buildSlip, workerSide } from '../../test/whatsapp-fixtures.js';
import { WHATSAPP_SEND_JOB, type WhatsappSendJobData } from './whatsapp.jobs.js';
import { WHATSAPP_SEND_OPTIONS } from './whatsapp.send.job.js';

/** End to end through the job runner: a bulk send's jobs worked by a worker, every slip sent once to the outbox. */

vi.mock('../payslips/payslips.renderer.js', () => ({
  chromiumRenderer: { render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), state: async () => ({ available: true }) },
}));

let t: PayslipTestApp;
let worker: JobRunner | undefined;

beforeAll(async () => {
  t = await createPayslipTestApp();
});
afterAll(async () => {
  await worker?.stop({ timeoutMs: 2_000 });
  await t.close();
});

it('sends every slip of a bulk send once, through the worker, to the outbox', async () => {
  const slips = await Promise.all([buildSlip(t), buildSlip(t), buildSlip(t)]);
  const ids = slips.map((slip) => slip.id);
  const admin = await t.asUser({ role: 'admin' });
  const response = await admin.request({
    method: 'POST',
    url: '/api/payslips/bulk-send',
    payload: { payslip_ids: ids },
  });
  expect(response.json()).toMatchObject({ data: { queued: ids } });

  // A worker process of its own, working the jobs the web server enqueued.
  const { sending } = workerSide(t);
  worker = createJobRunner({ database: t.database, logger: createLogger('silent'), timings: TEST_TIMINGS });
  worker.define<WhatsappSendJobData, object>(
    WHATSAPP_SEND_JOB,
    (data, job) => sending.run(data, job),
    WHATSAPP_SEND_OPTIONS,
  );
  await worker.start();

  await waitFor(async () => {
    const rows = await t.database.db
      .select({ status: payslips.status })
      .from(payslips)
      .where(inArray(payslips.id, ids));
    return rows.every((row) => row.status === 'sent') ? rows : null;
  }, 20_000);
  const deliveries = await t.database.db
    .select()
    .from(whatsappDeliveries)
    .where(inArray(whatsappDeliveries.payslip_id, ids));
  expect(deliveries.map((delivery) => delivery.state)).toEqual(['sent', 'sent', 'sent']);
  for (const slip of slips) {
    const messages = await t.database.db
      .select()
      .from(whatsappOutbox)
      .where(eq(whatsappOutbox.to_number, `91${slip.phone}`));
    expect(messages).toHaveLength(1);
  }
});
