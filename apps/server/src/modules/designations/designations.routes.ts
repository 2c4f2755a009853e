import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAllDesignationsQuery,
  ZAllDesignationsResponse,
  ZCreateDesignationRequest,
  ZDesignationIdParams,
  ZDesignationListQuery,
  ZDesignationListResponse,
  ZDesignationResponse,
  ZUpdateDesignationRequest,
} from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { DesignationsService } from './designations.service.js';

const tags = ['designations'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** Designations: every signed-in user reads them; manage_companies changes them. */
export const designationRoutes =
  (designations: DesignationsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          querystring: ZDesignationListQuery,
          response: { 200: ZDesignationListResponse, ...errors },
        },
      },
      async (request) => {
        const { designations: data, pagination } = await designations.list(request.query);
        return { success: true as const, data, pagination };
      },
    );

    app.get(
      '/all',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          querystring: ZAllDesignationsQuery,
          response: { 200: ZAllDesignationsResponse, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: { designations: await designations.all(request.query) } }),
    );

    app.get(
      '/:id',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          params: ZDesignationIdParams,
          response: { 200: ZDesignationResponse, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: { designation: await designations.get(request.params.id) } }),
    );

    app.post(
      '/',
      {
        config: { access: 'manage_companies' },
        schema: {
          tags,
          security: BEARER,
          body: ZCreateDesignationRequest,
          response: { 201: ZDesignationResponse, ...errors },
        },
      },
      async (request, reply) => {
        const designation = await designations.create(currentUser(request), request.body, request.ip);
        return reply
          .code(201)
          .send({ success: true as const, message: 'Designation created successfully', data: { designation } });
      },
    );

    app.put(
      '/:id',
      {
        config: { access: 'manage_companies' },
        schema: {
          tags,
          security: BEARER,
          params: ZDesignationIdParams,
          body: ZUpdateDesignationRequest,
          response: { 200: ZDesignationResponse, ...errors },
        },
      },
      async (request) => {
        const designation = await designations.update(
          currentUser(request),
          request.params.id,
          request.body,
          request.ip,
        );
        return { success: true as const, message: 'Designation updated successfully', data: { designation } };
      },
    );
  };
