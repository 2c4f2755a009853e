import { serverModule } from '../../lib/contracts/server-module.js';
import { createAppointmentPeople, type AppointmentDirectory } from './appointments.people.js';
import { appointmentRoutes } from './appointments.routes.js';
import { createAppointmentsService } from './appointments.service.js';
import { appointmentStepRoutes } from './appointments.steps.routes.js';
import { createAppointmentStepsService } from './appointments.steps.service.js';

/** Appointments and their approval steps (/api/appointments). */
export const appointmentsModule = serverModule<AppointmentDirectory>()({
  name: 'appointments',
  needs: { users: true, companies: true },
  build(context, { users, companies }) {
    const appointments = createAppointmentsService(context, createAppointmentPeople({ users, companies }));
    return { appointments, appointmentSteps: createAppointmentStepsService(context, appointments) };
  },
  routes: ({ appointments, appointmentSteps }) => [
    { plugin: appointmentRoutes(appointments), prefix: '/appointments' },
    { plugin: appointmentStepRoutes(appointmentSteps), prefix: '/appointments' },
  ],
});
