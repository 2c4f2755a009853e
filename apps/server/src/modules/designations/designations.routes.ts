import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAllDesignationsQuery,
  ZAllDesignationsResponse,
  ZCreateDesignationRequest,
  ZDesignationIdParams,
  ZDesignationListQuery,
  ZDesignationListResponse,
  ZDesignationResponse,
  ZErrorResponse,
  ZUpdateDesignationRequest,
} from '@srpf/shared';
import type { AppContext } from '../../app.js';
import { currentUser } from '../../lib/access.js';
import { createDesignationsService } from './designations.service.js';

const tags = ['designations'];
const security = [{ bearer: [] }];
const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

/** Designations: every signed-in user reads them; manage_companies changes them. */
export const designationRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const designations = createDesignationsService(context);

    app.get(
      '/',
      { config: { access: 'signed_in' }, schema: { tags, security, querystring: ZDesignationListQuery, response: { 200: ZDesignationListResponse, ...errors } } },
      async (request) => {
        const { designations: data, pagination } = await designations.list(request.query);
        return { success: true as const, data, pagination };
      },
    );

    app.get(
      '/all',
      { config: { access: 'signed_in' }, schema: { tags, security, querystring: ZAllDesignationsQuery, response: { 200: ZAllDesignationsResponse, ...errors } } },
      async (request) => ({ success: true as const, data: { designations: await designations.all(request.query) } }),
    );

    app.get(
      '/:id',
      { config: { access: 'signed_in' }, schema: { tags, security, params: ZDesignationIdParams, response: { 200: ZDesignationResponse, ...errors } } },
      async (request) => ({ success: true as const, data: { designation: await designations.get(request.params.id) } }),
    );

    app.post(
      '/',
      { config: { access: 'manage_companies' }, schema: { tags, security, body: ZCreateDesignationRequest, response: { 201: ZDesignationResponse, ...errors } } },
      async (request, reply) => {
        const designation = await designations.create(currentUser(request), request.body, request.ip);
        return reply.code(201).send({ success: true as const, message: 'Designation created successfully', data: { designation } });
      },
    );

    app.put(
      '/:id',
      {
        config: { access: 'manage_companies' },
        schema: { tags, security, params: ZDesignationIdParams, body: ZUpdateDesignationRequest, response: { 200: ZDesignationResponse, ...errors } },
      },
      async (request) => {
        const designation = await designations.update(currentUser(request), request.params.id, request.body, request.ip);
        return { success: true as const, message: 'Designation updated successfully', data: { designation } };
      },
    );
  };
