import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAppointmentIdParams,
  ZAppointmentResponse,
  ZApprovalRequest,
  ZRescheduleAppointmentRequest,
  ZRescheduleAppointmentResponse,
} from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { AppointmentStepsService } from './appointments.steps.service.js';

const tags = ['appointments'];
const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * /api/appointments/{id}/reschedule, /approve, /reject: open to signed-in users; who may take which
 * approval step is decided by the service from the person's designation or role.
 */
export const appointmentStepRoutes =
  (steps: AppointmentStepsService): FastifyPluginAsyncZod =>
  async (app) => {
    const access = 'signed_in' as const;

    app.post(
      '/:id/reschedule',
      {
        config: { access },
        schema: {
          tags,
          security: BEARER,
          params: ZAppointmentIdParams,
          body: ZRescheduleAppointmentRequest,
          response: { 200: ZRescheduleAppointmentResponse, ...errors },
        },
      },
      async (request) => {
        const { appointment, rescheduled } = await steps.reschedule(
          currentUser(request),
          request.params.id,
          request.body,
          request.ip,
        );
        const when = `${rescheduled.appointment_date} at ${rescheduled.appointment_time.slice(0, 5)}`;
        return {
          success: true as const,
          message: `Appointment rescheduled successfully! New date: ${when}.`,
          data: { appointment, rescheduled },
        };
      },
    );

    // A step may be sent without any body (no remark): Fastify hands the schema null then.
    app.post(
      '/:id/approve',
      {
        config: { access },
        schema: {
          tags,
          security: BEARER,
          params: ZAppointmentIdParams,
          body: ZApprovalRequest.nullish(),
          response: { 200: ZAppointmentResponse, ...errors },
        },
      },
      async (request) => {
        const appointment = await steps.approve(
          currentUser(request),
          request.params.id,
          request.body?.remark,
          request.ip,
        );
        return { success: true as const, message: 'Appointment approved successfully!', data: { appointment } };
      },
    );

    app.post(
      '/:id/reject',
      {
        config: { access },
        schema: {
          tags,
          security: BEARER,
          params: ZAppointmentIdParams,
          body: ZApprovalRequest.nullish(),
          response: { 200: ZAppointmentResponse, ...errors },
        },
      },
      async (request) => {
        const appointment = await steps.reject(
          currentUser(request),
          request.params.id,
          request.body?.remark,
          request.ip,
        );
        return { success: true as const, message: 'Appointment rejected', data: { appointment } };
      },
    );
  };
