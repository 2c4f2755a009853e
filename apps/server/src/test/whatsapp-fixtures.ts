import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ZWhatsappQueueResponse } from '@srpf/shared';
import pino from 'pino';
import type { AppContext } from '../context.js';
import { payslips, users, whatsappAttempts, whatsappDeliveries, whatsappQueueState } from '../db/schema/index.js';
import { clock } from '../lib/clock.js';
import type { EnqueueOptions, JobRunner } from '../lib/jobs/job-runner.js';
import type { PayslipTestApp, Request } from './payslip-fixtures.js';
import { createDeliveryCallbacks } from '../modules/whatsapp/whatsapp.deliveries.callbacks.js';
import { createUnknownOutcomeSweep } from '../modules/whatsapp/whatsapp.deliveries.unknown.js';
import type { WhatsappConfig, WhatsappProvider } from '../modules/whatsapp/whatsapp.provider.js';
import { createWhatsappProvider } from '../modules/whatsapp/whatsapp.providers.js';
import { createWhatsappSending } from '../modules/whatsapp/whatsapp.send.job.js';

/** For the WhatsApp tests: people with slips, and the worker's side built over a test app's database. */

let sequence = 0;

export interface SlipOptions {
  company_id?: number;
  phone_number?: string | null;
  whatsapp_enabled?: boolean;
  /** The number confirmed as the person's (issue 31); true unless told otherwise. */
  phone_verified?: boolean;
  whatsapp_language?: 'en' | 'mr' | 'hi';
  is_active?: boolean;
  pdf?: boolean;
  status?: string;
  month?: string;
}

/** A person and one current slip of theirs (its PDF ready unless `pdf: false`); answers the slip's and person's ids. */
export async function buildSlip(t: PayslipTestApp, options: SlipOptions = {}) {
  sequence += 1;
  const phone =
    options.phone_number === undefined ? `98${String(10_000_000 + sequence).slice(-8)}` : options.phone_number;
  const person = await t.buildUser({
    first_name: 'Sunil',
    last_name: `Patil${sequence}`,
    company_id: options.company_id ?? 1,
    is_active: options.is_active ?? true,
    ...(phone === null ? {} : { phone_number: phone }),
  });
  await t.database.db
    .update(users)
    // A number set by an administrator counts as verified (issue 31): slips go to it.
    .set({
      whatsapp_enabled: options.whatsapp_enabled ?? true,
      whatsapp_language: options.whatsapp_language ?? 'en',
      ...(phone === null || options.phone_verified === false
        ? {}
        : { phone_verified_at: clock.now(), phone_verified_source: 'admin' }),
    })
    .where(eq(users.id, person.id));
  const [slip] = await t.database.db
    .insert(payslips)
    .values({
      user_id: person.id,
      salary_month: options.month ?? '2026-10',
      file_name: `slip-${sequence}.html`,
      html_key: `test/${randomUUID()}`,
      html_size: 100,
      sevarth_id: `SRPF${sequence}`,
      employee_name: `Sunil Patil${sequence}`,
      status: options.status ?? 'generated',
    })
    .returning({ id: payslips.id });
  if (options.pdf !== false) await t.givePdf(slip!.id);
  return { id: slip!.id, userId: person.id, phone };
}

export interface RecordedJob {
  name: string;
  data: { deliveryId: number };
  options: EnqueueOptions;
}

/** A job runner that records what is enqueued (the worker's side is called directly by the tests). */
export function recordingJobs(): JobRunner & { enqueued: RecordedJob[] } {
  const enqueued: RecordedJob[] = [];
  return {
    enqueued,
    define() {},
    schedule() {},
    async start() {},
    async stop() {},
    async getJob() {
      return null;
    },
    async enqueue(_executor, name, data, options = {}) {
      enqueued.push({ name, data: data as RecordedJob['data'], options });
      return randomUUID();
    },
    async enqueueMany(_executor, name, jobs) {
      for (const job of jobs)
        enqueued.push({
          name,
          data: job.data as RecordedJob['data'],
          options: { singletonKey: job.singletonKey, startAfter: job.startAfter },
        });
    },
  };
}

/** The worker's side over the test app's database: the send job with this provider (the outbox by default), the callbacks, the sweep. */
export function workerSide(
  t: PayslipTestApp,
  provider?: WhatsappProvider,
  now: () => Date = () => clock.now(),
  settings: Partial<WhatsappConfig> = {},
) {
  const jobs = recordingJobs();
  const context = {
    db: t.database.db,
    storage: t.storage,
    clock: { ...clock, now },
    jobs,
    logger: pino({ level: 'silent' }),
    config: { ...t.config, whatsapp: { ...t.config.whatsapp, ...settings } },
  } as unknown as AppContext;
  return {
    jobs,
    sending: createWhatsappSending(context, provider ?? createWhatsappProvider(context)),
    callbacks: createDeliveryCallbacks(context),
    sweep: createUnknownOutcomeSweep(context),
  };
}

/** A provider that answers each message as told (an error, or accepted), and counts its calls. */
export function scriptedProvider(script: (Error | 'ok')[] = []) {
  const calls: {
    kind: 'upload' | 'template' | 'document' | 'text' | 'named_template';
    to?: string;
    callbackData?: string;
    /** What a text said, or a named template's name and parameters (and copy code). */
    message?: unknown;
  }[] = [];
  let next = 0;
  const answer = (
    kind: 'template' | 'document' | 'text' | 'named_template',
    message: { to: string; callbackData: string },
  ) => {
    calls.push({ kind, to: message.to, callbackData: message.callbackData, message });
    const step = script.shift() ?? 'ok';
    if (step instanceof Error) return Promise.reject(step);
    next += 1;
    return Promise.resolve({ wamid: `wamid.test.${next}` });
  };
  const provider: WhatsappProvider = {
    name: 'cloud',
    uploadMedia() {
      calls.push({ kind: 'upload' });
      return Promise.resolve({ mediaId: `media-${calls.length}` });
    },
    sendTemplate: (message) => answer('template', message),
    sendDocument: (message) => answer('document', message),
    sendText: (message) => answer('text', message),
    sendNamedTemplate: (message) => answer('named_template', message),
    listTemplates: () => Promise.resolve([]),
  };
  return { provider, calls, script };
}

/** What the WhatsApp tests read back: a slip queued through the API, and its delivery, slip, attempts and queue. */
export type DeliveryReads = ReturnType<typeof deliveryReads>;

export function deliveryReads(t: PayslipTestApp, asManager: Request) {
  const deliveryOf = async (id: number) =>
    (await t.database.db.select().from(whatsappDeliveries).where(eq(whatsappDeliveries.id, id)))[0]!;
  /** The latest delivery of a slip. */
  const latestDeliveryOf = async (payslipId: number) =>
    (
      await t.database.db
        .select()
        .from(whatsappDeliveries)
        .where(eq(whatsappDeliveries.payslip_id, payslipId))
        .orderBy(desc(whatsappDeliveries.id))
    )[0]!;
  return {
    latestDeliveryOf,
    /** A slip of a new person, sent through the API by the manager: the slip and its delivery's id. */
    async queuedSlip(options: SlipOptions = {}) {
      const slip = await buildSlip(t, options);
      const response = await asManager({ method: 'POST', url: `/api/payslips/${slip.id}/send` });
      expect(response.statusCode, response.body).toBe(200);
      return { slip, deliveryId: (await latestDeliveryOf(slip.id)).id };
    },
    deliveryOf,
    slipOf: async (id: number) => (await t.database.db.select().from(payslips).where(eq(payslips.id, id)))[0]!,
    attemptsOf: (deliveryId: number) =>
      t.database.db
        .select()
        .from(whatsappAttempts)
        .where(eq(whatsappAttempts.delivery_id, deliveryId))
        .orderBy(whatsappAttempts.id),
    /** GET /api/whatsapp/queue as `request` sees it. */
    async queue(request: Request) {
      const response = await request({ method: 'GET', url: '/api/whatsapp/queue' });
      expect(response.statusCode, response.body).toBe(200);
      return ZWhatsappQueueResponse.parse(response.json()).data;
    },
    unpause: () =>
      t.database.db.update(whatsappQueueState).set({ paused_at: null, pause_code: null, pause_reason: null }),
  };
}
