import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAppointmentIdParams,
  ZAppointmentListQuery,
  ZAppointmentListResponse,
  ZAppointmentResponse,
  ZCreateLeaveAppointmentRequest,
  ZCreateOrderlyRoomAppointmentRequest,
  ZMessageResponse,
  ZMyAppointmentRoleResponse,
  ZPreviousLeaveCountersQuery,
  ZPreviousLeaveCountersResponse,
  ZUpdateAppointmentRequest,
  ZUpdateLeaveAppointmentRequest,
  ZWaitingAppointmentsQuery,
} from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { AppointmentsService } from './appointments.service.js';

const tags = ['appointments'];
const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * /api/appointments: open to every signed-in user at the route (the spec's permission table names
 * none for them); the service applies the appointments policy per record: who files for whom, who
 * reads (others' answer 404), who edits until the chain starts, who closes, remarks by chain role,
 * delete for administrators only.
 */
export const appointmentRoutes =
  (appointments: AppointmentsService): FastifyPluginAsyncZod =>
  async (app) => {
    const access = 'signed_in' as const;

    app.get(
      '/',
      {
        config: { access, cacheAnswer: true },
        schema: {
          tags,
          security: BEARER,
          querystring: ZAppointmentListQuery,
          response: { 200: ZAppointmentListResponse, ...errors },
        },
      },
      async (request) => {
        const { appointments: data, pagination } = await appointments.list(currentUser(request), request.query);
        return { success: true as const, data, pagination };
      },
    );

    app.get(
      '/waiting',
      {
        config: { access },
        schema: {
          tags,
          security: BEARER,
          querystring: ZWaitingAppointmentsQuery,
          response: { 200: ZAppointmentListResponse, ...errors },
        },
      },
      async (request) => {
        const { appointments: data, pagination } = await appointments.waiting(currentUser(request), request.query);
        return { success: true as const, data, pagination };
      },
    );

    app.get(
      '/my-role',
      {
        config: { access },
        schema: { tags, security: BEARER, response: { 200: ZMyAppointmentRoleResponse, ...errors } },
      },
      async (request) => ({
        success: true as const,
        data: appointments.abilities(currentUser(request)),
      }),
    );

    app.get(
      '/leave/previous-counters',
      {
        config: { access },
        schema: {
          tags,
          security: BEARER,
          querystring: ZPreviousLeaveCountersQuery,
          response: { 200: ZPreviousLeaveCountersResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: { previous: await appointments.previousLeaveCounters(currentUser(request), request.query.user_id!) },
      }),
    );

    app.get(
      '/:id',
      {
        config: { access },
        schema: {
          tags,
          security: BEARER,
          params: ZAppointmentIdParams,
          response: { 200: ZAppointmentResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: { appointment: await appointments.read(currentUser(request), request.params.id, request.ip) },
      }),
    );

    app.post(
      '/',
      {
        config: { access },
        schema: {
          tags,
          security: BEARER,
          body: ZCreateOrderlyRoomAppointmentRequest,
          response: { 201: ZAppointmentResponse, ...errors },
        },
      },
      async (request, reply) => {
        const appointment = await appointments.createOrderlyRoom(currentUser(request), request.body, request.ip);
        return reply
          .code(201)
          .send({ success: true as const, message: 'Appointment created successfully!', data: { appointment } });
      },
    );

    app.post(
      '/leave',
      {
        config: { access },
        schema: {
          tags,
          security: BEARER,
          body: ZCreateLeaveAppointmentRequest,
          response: { 201: ZAppointmentResponse, ...errors },
        },
      },
      async (request, reply) => {
        const appointment = await appointments.createLeave(currentUser(request), request.body, request.ip);
        return reply
          .code(201)
          .send({ success: true as const, message: 'Leave appointment created successfully!', data: { appointment } });
      },
    );

    app.put(
      '/:id',
      {
        config: { access },
        schema: {
          tags,
          security: BEARER,
          params: ZAppointmentIdParams,
          body: ZUpdateAppointmentRequest,
          response: { 200: ZAppointmentResponse, ...errors },
        },
      },
      async (request) => {
        const appointment = await appointments.update(
          currentUser(request),
          request.params.id,
          request.body,
          request.ip,
          { leave: false },
        );
        return { success: true as const, message: 'Appointment updated successfully!', data: { appointment } };
      },
    );

    app.put(
      '/leave/:id',
      {
        config: { access },
        schema: {
          tags,
          security: BEARER,
          params: ZAppointmentIdParams,
          body: ZUpdateLeaveAppointmentRequest,
          response: { 200: ZAppointmentResponse, ...errors },
        },
      },
      async (request) => {
        const appointment = await appointments.update(
          currentUser(request),
          request.params.id,
          request.body,
          request.ip,
          { leave: true },
        );
        return { success: true as const, message: 'Leave appointment updated successfully!', data: { appointment } };
      },
    );

    app.delete(
      '/:id',
      {
        config: { access },
        schema: {
          tags,
          security: BEARER,
          params: ZAppointmentIdParams,
          response: { 200: ZMessageResponse, ...errors },
        },
      },
      async (request) => {
        await appointments.remove(currentUser(request), request.params.id, request.ip);
        return { success: true as const, message: 'Appointment deleted successfully' };
      },
    );
  };
