import {
  approvalStepOutcome,
  autoRescheduleWindowEnd,
  canReschedule,
  chainRoleIn,
  mayRescheduleAppointment,
  findAutoRescheduleSlot,
  nextWorkingDay,
  type Actor,
  type ApprovalDecision,
  type TAppointmentDetail,
  type TRescheduleAppointment,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { today } from '../../lib/clock.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { recordEvent } from './appointments.events.js';
import { sanitizeRemark } from './appointments.remarks.js';
import * as repository from './appointments.repository.js';
import { recordApprovalStep } from './appointments.step-record.js';
import { lockReadable, type AppointmentsService } from './appointments.service.js';
import { assertNotPast } from './appointments.validation.js';

const hhmm = (time: string) => time.slice(0, 5);

export interface RescheduleResult {
  appointment: TAppointmentDetail;
  rescheduled: { appointment_date: string; appointment_time: string; auto: boolean };
}

/**
 * What moves an appointment along: the approval steps (clerk → officer → commandant) and
 * rescheduling. Each change locks the row, writes the timeline entry and the audit row in its
 * transaction, and answers the detail.
 */
export function createAppointmentStepsService(context: AppContext, appointments: AppointmentsService) {
  const { db } = context;

  /**
   * One step of the chain for the person's own chain role in the appointment's company only (403
   * otherwise; 404 outside their read scope); 409 outside the pending group.
   */
  async function decide(
    actor: Actor,
    id: number,
    decision: ApprovalDecision,
    remarkHtml: string | null | undefined,
    ip: string | null,
  ): Promise<TAppointmentDetail> {
    return db.transaction(async (tx) => {
      const { row, record } = await lockReadable(tx, actor, id);
      const role = chainRoleIn(actor, row.company_id);
      const outcome = approvalStepOutcome(actor, record, decision);
      if (!outcome.ok)
        throw outcome.reason === 'forbidden'
          ? forbidden('appointments.step_forbidden', outcome.message)
          : new AppError('appointments.not_pending', {}, outcome.message);

      const remark = sanitizeRemark(remarkHtml);
      await recordApprovalStep(tx, actor, { id, from: row.status, to: outcome.to, role: role!, decision, remark, ip });
      return appointments.detail(actor, id, tx);
    });
  }

  return {
    approve: (actor: Actor, id: number, remark: string | null | undefined, ip: string | null) =>
      decide(actor, id, 'approve', remark, ip),
    reject: (actor: Actor, id: number, remark: string | null | undefined, ip: string | null) =>
      decide(actor, id, 'reject', remark, ip),

    /**
     * A date and time chosen by hand (today or later, and free for the company: 409 otherwise), or the
     * automatic slot: the next working day after the later of today and the current date, at the same
     * time when free, else the next free 15-minute slot between 10:00 and 17:00.
     */
    async reschedule(
      actor: Actor,
      id: number,
      input: TRescheduleAppointment,
      ip: string | null,
    ): Promise<RescheduleResult> {
      const auto = input.auto_reschedule === true;
      if (!auto) assertNotPast('appointment_date', 'Appointment date', input.appointment_date);
      return db.transaction(async (tx) => {
        const { row, record } = await lockReadable(tx, actor, id);
        if (!canReschedule(row.status))
          throw new AppError(
            'appointments.cannot_reschedule',
            {},
            `An appointment that is ${row.status} cannot be rescheduled`,
          );
        if (!mayRescheduleAppointment(actor, record)) {
          throw row.status === 'approved'
            ? forbidden(
                'appointments.reschedule_approved_forbidden',
                "Only the company's clerk or commandant, or an administrator, can move an approved request",
              )
            : forbidden(
                'appointments.reschedule_forbidden',
                'Only the person who filed this request, a clerk or commandant of its company, or an administrator can reschedule it',
              );
        }
        await repository.lockCompanySlots(tx, row.company_id);

        let slot: { date: string; time: string };
        if (auto) {
          const after = row.appointment_date > today() ? row.appointment_date : today();
          const taken = await repository.takenSlots(tx, {
            companyId: row.company_id,
            from: nextWorkingDay(after),
            to: autoRescheduleWindowEnd(after),
            exceptId: id,
          });
          const found = findAutoRescheduleSlot({
            after,
            time: row.appointment_time,
            isTaken: (candidate) => taken.has(`${candidate.date} ${candidate.time}`),
          });
          if (!found)
            throw new AppError(
              'appointments.no_free_slot',
              {},
              'No free slot was found in the coming working days; choose a date and time by hand',
            );
          slot = found;
        } else {
          slot = { date: input.appointment_date!, time: input.appointment_time ?? row.appointment_time };
          if (
            await repository.isSlotTaken(tx, {
              companyId: row.company_id,
              date: slot.date,
              time: slot.time,
              exceptId: id,
            })
          ) {
            throw new AppError(
              'appointments.slot_taken',
              { date: slot.date, time: hhmm(slot.time) },
              `The slot on ${slot.date} at ${hhmm(slot.time)} is already taken for this company. Choose another time or reschedule automatically.`,
              {
                field: 'appointment_time',
              },
            );
          }
        }

        await repository.updateAppointment(tx, id, {
          appointment_date: slot.date,
          appointment_time: slot.time,
          status: 'rescheduled',
          auto_scheduled: auto,
          // The first date asked for survives every reschedule.
          original_request_date: row.original_request_date ?? row.appointment_date,
        });
        const reschedule = {
          from_date: row.appointment_date,
          from_time: row.appointment_time,
          to_date: slot.date,
          to_time: slot.time,
          auto,
        };
        await recordEvent(tx, id, actor, {
          event: 'rescheduled',
          from_status: row.status,
          to_status: 'rescheduled',
          reschedule,
        });
        await audit(tx, {
          actorId: actor.userId,
          action: 'appointment.reschedule',
          entityType: 'appointment',
          entityId: id,
          outcome: 'success',
          ip,
          details: reschedule,
        });
        return {
          appointment: await appointments.detail(actor, id, tx),
          rescheduled: { appointment_date: slot.date, appointment_time: slot.time, auto },
        };
      });
    },
  };
}
export type AppointmentStepsService = ReturnType<typeof createAppointmentStepsService>;
