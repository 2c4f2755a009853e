import { uniqueWord } from '../security-matrix-fixtures.js';

/**
 * The permission matrix's fixture map: for each route (and variant) of docs/security-matrix.json, a
 * valid request on a fresh record of the cell's kind, so that an allowed actor gets 200/201 and a
 * refused one the refusal the matrix expects.
 */
import { type Fixture, appointmentFixture, baseOf, closeReason, fileAppointment, get, hasId } from './fixture.js';

/** The permission matrix's requests of appointments (see ./fixture.ts). */
export const APPOINTMENTS_FIXTURES: Record<string, Fixture> = {
  'GET /api/appointments/users/search': {
    prepare(context) {
      const person = context.world.subject(baseOf(context), context.actor);
      return {
        url: `/api/appointments/users/search?q=${person.lastName}`,
        found: (response) => hasId(response.json<{ data?: { users?: unknown } }>().data?.users, person.id),
      };
    },
  },
  'GET /api/appointments/users/find-by-phone': {
    prepare(context) {
      const person = context.world.subject(baseOf(context), context.actor);
      return {
        url: `/api/appointments/users/find-by-phone?phone_number=${person.phone}`,
        found: (response) => response.json<{ user?: { id?: number } | null }>().user?.id === person.id,
      };
    },
  },

  'GET /api/appointments': {
    async prepare(context) {
      const marker = uniqueWord('Mk');
      const appointment = await context.world.appointment(context.record!, context.actor, { marker });
      return {
        url: `/api/appointments?search=${marker}&limit=100`,
        found: (response) => hasId(response.json<{ data?: unknown }>().data, appointment.id),
      };
    },
  },
  'GET /api/appointments/my-role': get('/api/appointments/my-role'),
  'GET /api/appointments/leave/previous-counters': {
    async prepare(context) {
      const appointment = await context.world.appointment(context.record!, context.actor, { leave: true });
      const person = context.world.subject(baseOf(context), context.actor);
      return {
        url: `/api/appointments/leave/previous-counters?user_id=${person.id}`,
        found: (response) =>
          response.json<{ data?: { previous?: { appointment_id?: number } | null } }>().data?.previous
            ?.appointment_id === appointment.id,
      };
    },
  },
  'GET /api/appointments/waiting': get('/api/appointments/waiting'),
  'GET /api/appointments/:id': appointmentFixture((id) => `/api/appointments/${id}`),
  'POST /api/appointments': fileAppointment(false),
  'POST /api/appointments/leave': fileAppointment(true),
  'PUT /api/appointments/:id': appointmentFixture((id) => `/api/appointments/${id}`, {
    additional_details: 'Changed by the permission matrix',
  }),
  'PUT /api/appointments/:id | status=completed': appointmentFixture((id) => `/api/appointments/${id}`, {
    status: 'completed',
    status_reason: closeReason,
  }),
  'PUT /api/appointments/:id | status=completed without status_reason': appointmentFixture(
    (id) => `/api/appointments/${id}`,
    { status: 'completed' },
  ),
  'PUT /api/appointments/:id | status=pending': appointmentFixture((id) => `/api/appointments/${id}`, {
    status: 'pending',
    status_reason: closeReason,
  }),
  'PUT /api/appointments/:id | clerk_remarks': appointmentFixture((id) => `/api/appointments/${id}`, {
    clerk_remarks: '<p>Checked by the clerk</p>',
  }),
  'DELETE /api/appointments/:id': appointmentFixture((id) => `/api/appointments/${id}`),
  'PUT /api/appointments/leave/:id': appointmentFixture(
    (id) => `/api/appointments/leave/${id}`,
    { leave_reason: 'Changed by the permission matrix' },
    { leave: true },
  ),
  'POST /api/appointments/:id/reschedule': appointmentFixture((id) => `/api/appointments/${id}/reschedule`, {
    auto_reschedule: true,
  }),
  'POST /api/appointments/:id/approve': appointmentFixture((id) => `/api/appointments/${id}/approve`, {}),
  'POST /api/appointments/:id/reject': appointmentFixture((id) => `/api/appointments/${id}/reject`, {}),
};
