import { and, desc, eq, isNull, like } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appointments, payslips, whatsappDeliveries } from '../../db/schema/index.js';
import type { JobRunner } from '../../lib/jobs/job-runner.js';
import type { SenderPerson } from './whatsapp.inbound.identify.js';
import { queueWhatsappMessage } from './whatsapp.messages.queue.js';
import type { SelfServiceRequest } from './whatsapp.self-service.intent.js';
import { helpReply, leaveReply, noSlipReply } from './whatsapp.self-service.texts.js';

/**
 * The answer to a known person's own request (issue 31), queued in the job's transaction through the
 * same queue as every message: their own slip (the latest, or of the month asked) as a document inside
 * the window their message opened; the status of their latest leave request; or the help text. Only
 * the sender's own records are read: the slip and the leave request are looked up by their user id.
 */

export interface Answered {
  deliveryId: number;
  payslipId?: number;
  /** The slip was already queued (by the slips screen): that delivery sends it. */
  alreadyQueued?: boolean;
}

async function ownSlip(tx: Executor, userId: number, asked: { month: number | null; year: number | null }) {
  const month = asked.month === null ? null : String(asked.month).padStart(2, '0');
  const conditions = [eq(payslips.user_id, userId), isNull(payslips.superseded_at), eq(payslips.pdf_state, 'ready')];
  if (month !== null && asked.year !== null) conditions.push(eq(payslips.salary_month, `${asked.year}-${month}`));
  else if (month !== null) conditions.push(like(payslips.salary_month, `%-${month}`));
  const [slip] = await tx
    .select({ id: payslips.id })
    .from(payslips)
    .where(and(...conditions))
    .orderBy(desc(payslips.salary_month))
    .limit(1);
  return slip;
}

async function latestLeave(tx: Executor, userId: number) {
  const [leave] = await tx
    .select({
      status: appointments.status,
      from: appointments.leave_start_date,
      to: appointments.leave_end_date,
      date: appointments.appointment_date,
    })
    .from(appointments)
    .where(and(eq(appointments.user_id, userId), eq(appointments.is_leave_appointment, true)))
    .orderBy(desc(appointments.created_at), desc(appointments.id))
    .limit(1);
  return leave
    ? { status: leave.status, from: leave.from ?? leave.date, to: leave.to ?? leave.from ?? leave.date }
    : null;
}

export async function answerSelfService(
  tx: Executor,
  jobs: JobRunner,
  ask: {
    person: SenderPerson;
    request: Exclude<SelfServiceRequest, { intent: 'stop' }>;
    inboundId: number;
    from: string;
  },
  now: Date,
): Promise<Answered> {
  const { person, request } = ask;
  const base = {
    origin: 'self_service' as const,
    userId: person.id,
    toNumber: ask.from,
    language: person.language,
    replyToInboundId: ask.inboundId,
    requestedBy: null,
  };
  const text = (body: string) => queueWhatsappMessage(tx, jobs, { ...base, kind: 'text', body }, now);
  if (request.intent === 'payslip') {
    const slip = await ownSlip(tx, person.id, request);
    if (!slip) return text(noSlipReply(person.language, request));
    // One open delivery per slip (the database's rule): a slip already queued goes by that delivery.
    const [open] = await tx
      .select({ id: whatsappDeliveries.id })
      .from(whatsappDeliveries)
      .where(and(eq(whatsappDeliveries.payslip_id, slip.id), eq(whatsappDeliveries.state, 'queued')))
      .limit(1);
    if (open) return { deliveryId: open.id, payslipId: slip.id, alreadyQueued: true };
    const queued = await queueWhatsappMessage(tx, jobs, { ...base, kind: 'payslip', payslipId: slip.id }, now);
    return { ...queued, payslipId: slip.id };
  }
  if (request.intent === 'leave') return text(leaveReply(person.language, await latestLeave(tx, person.id)));
  return text(helpReply(person.language));
}
