import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import type { AppContext } from '../../context.js';
import { auditLog, payslips } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import type { JobRunner } from '../../lib/jobs/job-runner.js';
import { createMetrics, type Metrics } from '../../lib/metrics.js';
import { createPayslipTestApp, slipHtml, uploadSlips, type PayslipTestApp } from '../../test/payslip-fixtures.js';
import { createPayslipRendering, PAYSLIP_RENDER_JOB, PAYSLIP_RENDER_OPTIONS } from './payslips.render-job.js';
import type { PayslipRenderer } from './payslips.renderer.js';

/** The render job: idempotent, PDFs stored and recorded, waiting without Chromium, failed for good after its retries. */

vi.mock('./payslips.renderer.js', () => ({
  chromiumRenderer: { render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), state: async () => ({ available: true }) },
}));

let t: PayslipTestApp;
const ids: number[] = [];
const enqueued: { name: string; jobs: unknown[] }[] = [];
const renderer = {
  available: true,
  reason: undefined as string | undefined,
  fail: false,
  killChromium: false,
  calls: [] as string[],
};

const fakeRenderer: PayslipRenderer = {
  async render(html) {
    renderer.calls.push(html);
    if (renderer.killChromium) {
      renderer.available = false;
      renderer.reason = 'Chromium could not start';
    }
    if (renderer.fail) throw new Error('Timed out after 30000 ms');
    return Buffer.from(`%PDF-1.4\n% rendered ${html.length}\n%%EOF\n`);
  },
  state: async () => ({ available: renderer.available, reason: renderer.reason }),
};

function rendering(metrics: Metrics = createMetrics({ db: t.database.db })) {
  const jobs = {
    enqueueMany: async (_executor: unknown, name: string, list: unknown[]) => {
      enqueued.push({ name, jobs: list });
    },
  } as unknown as JobRunner;
  const context = {
    db: t.database.db,
    storage: t.storage,
    clock,
    jobs,
    logger: pino({ level: 'silent' }),
    config: t.config,
    metrics,
  } as unknown as AppContext;
  return createPayslipRendering(context, fakeRenderer);
}

const slip = async (id: number) => (await t.database.db.select().from(payslips).where(eq(payslips.id, id)))[0]!;

beforeAll(async () => {
  t = await createPayslipTestApp();
  const admin = await t.asUser({ role: 'admin' });
  for (const [index, sevarthId] of ['SRPFNGP2001', 'SRPFNGP2002', 'SRPFNGP2003', 'SRPFNGP2004'].entries()) {
    await t.buildUser({ dgp_id: sevarthId, first_name: `Person${index}` });
  }
  const response = await uploadSlips(
    admin.request,
    ['SRPFNGP2001', 'SRPFNGP2002', 'SRPFNGP2003', 'SRPFNGP2004'].map((sevarthId) => ({
      name: `${sevarthId}.html`,
      content: slipHtml({ sevarthId, name: sevarthId, extra: '<script>alert(1)</script>' }),
    })),
  );
  expect(response.json().processed.successful).toBe(4);
  for (const row of await t.database.db.select().from(payslips).orderBy(payslips.id)) ids.push(row.id);
});
afterAll(() => t.close());

describe('the payslip render job', () => {
  it('renders the stored HTML, stores the PDF, records it ready and audits it', async () => {
    const r = rendering();
    const files = t.countFiles();
    expect(await r.render({ payslipId: ids[0]! }, { attempt: 0 })).toEqual({ payslipId: ids[0], outcome: 'rendered' });
    expect(renderer.calls.at(-1)).toContain('SRPFNGP2001');
    const row = await slip(ids[0]!);
    expect(row).toMatchObject({ pdf_state: 'ready', pdf_error: null });
    expect(row.pdf_key).not.toBeNull();
    expect(t.countFiles()).toBe(files + 1);
    const stored = await t.storage.get(row.pdf_key!);
    expect(stored).not.toBeNull();
    const [audited] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'payslip.render'));
    expect(audited).toMatchObject({ actor_id: null, entity_id: String(ids[0]), outcome: 'success' });
  });

  it('is idempotent: a second run of a ready slip renders nothing', async () => {
    const r = rendering();
    const calls = renderer.calls.length;
    expect(await r.render({ payslipId: ids[0]! }, { attempt: 0 })).toEqual({
      payslipId: ids[0],
      outcome: 'already_ready',
    });
    expect(renderer.calls.length).toBe(calls);
    expect(await r.render({ payslipId: 999_999 }, { attempt: 0 })).toEqual({ payslipId: 999_999, outcome: 'gone' });
  });

  it('counts each run of the job in the process’s metrics, by outcome', async () => {
    const metrics = createMetrics({ db: t.database.db });
    const handlers = new Map<string, (data: object, job: object) => Promise<unknown>>();
    rendering(metrics).registerJobs({
      define: (name: string, handler: (data: object, job: object) => Promise<unknown>) => handlers.set(name, handler),
      schedule: () => undefined,
    } as unknown as JobRunner);
    const job = handlers.get(PAYSLIP_RENDER_JOB)!;
    await job({ payslipId: ids[0]! }, { attempt: 0 });
    await job({ payslipId: 999_999 }, { attempt: 0 });
    await job({ payslipId: 999_998 }, { attempt: 0 });
    const text = await metrics.text();
    expect(text).toMatch(/^srpf_payslip_pdfs_rendered_total\{outcome="already_ready"\} 1$/m);
    expect(text).toMatch(/^srpf_payslip_pdfs_rendered_total\{outcome="gone"\} 2$/m);
  });

  it('leaves a slip waiting, with the reason, while Chromium is missing; the scheduled pass queues it once it is there', async () => {
    const r = rendering();
    renderer.available = false;
    renderer.reason = 'Chromium not found';
    expect(await r.render({ payslipId: ids[1]! }, { attempt: 0 })).toMatchObject({ outcome: 'waiting' });
    expect(await slip(ids[1]!)).toMatchObject({
      pdf_state: 'waiting',
      pdf_error: 'Waiting for Chromium: Chromium not found',
    });
    expect(await r.requeueWaiting()).toEqual({ queued: 0 });
    renderer.available = true;
    const result = await r.requeueWaiting();
    expect(result.queued).toBe(3);
    expect(enqueued.at(-1)).toEqual({
      name: PAYSLIP_RENDER_JOB,
      jobs: ids.slice(1).map((id) => ({ data: { payslipId: id }, singletonKey: `payslip:${id}` })),
    });
  });

  it('throws to be retried, and records the failure on the last attempt', async () => {
    const r = rendering();
    renderer.fail = true;
    await expect(r.render({ payslipId: ids[2]! }, { attempt: 0 })).rejects.toThrow('Timed out');
    expect((await slip(ids[2]!)).pdf_state).toBe('waiting');
    expect(await r.render({ payslipId: ids[2]! }, { attempt: PAYSLIP_RENDER_OPTIONS.retryLimit! })).toEqual({
      payslipId: ids[2],
      outcome: 'failed',
      reason: 'Rendering failed: Timed out after 30000 ms',
    });
    expect(await slip(ids[2]!)).toMatchObject({
      pdf_state: 'failed',
      pdf_error: 'Rendering failed: Timed out after 30000 ms',
    });
    renderer.fail = false;
  });

  it('leaves a slip waiting, not failed, when Chromium itself is gone by the last attempt', async () => {
    const r = rendering();
    const id = ids[1]!;
    renderer.fail = true;
    renderer.killChromium = true;
    expect(await r.render({ payslipId: id }, { attempt: PAYSLIP_RENDER_OPTIONS.retryLimit! })).toMatchObject({
      outcome: 'waiting',
      reason: 'Waiting for Chromium: Chromium could not start',
    });
    expect(await slip(id)).toMatchObject({
      pdf_state: 'waiting',
      pdf_error: 'Waiting for Chromium: Chromium could not start',
    });
    renderer.fail = false;
    renderer.killChromium = false;
    renderer.available = true;
    renderer.reason = undefined;
  });

  it('fails a slip whose HTML file is missing', async () => {
    const r = rendering();
    const row = await slip(ids[3]!);
    await t.storage.delete(row.html_key);
    expect(await r.render({ payslipId: ids[3]! }, { attempt: 0 })).toMatchObject({
      outcome: 'failed',
      reason: 'The uploaded HTML of this slip is missing',
    });
  });

  it('answers the download with 409 and the reason once the PDF failed', async () => {
    const admin = await t.asUser({ role: 'admin' });
    const response = await admin.request({ method: 'GET', url: `/api/payslips/${ids[2]}/download` });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'The PDF of this payslip could not be made: Rendering failed: Timed out after 30000 ms',
    );
  });
});
