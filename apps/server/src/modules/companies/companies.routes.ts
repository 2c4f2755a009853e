import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCompanyIdParams,
  ZCompanyListQuery,
  ZCompanyListResponse,
  ZCompanyResponse,
  ZCreateCompanyRequest,
  ZMessageResponse,
  ZUpdateCompanyRequest,
} from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { CompaniesService } from './companies.service.js';

const tags = ['companies'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** Companies: every signed-in user reads them (the user form's lookup); manage_companies changes them. */
export const companyRoutes =
  (companies: CompaniesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          querystring: ZCompanyListQuery,
          response: { 200: ZCompanyListResponse, ...errors },
        },
      },
      async (request) => {
        const { companies: data, pagination } = await companies.list(request.query);
        return { success: true as const, data, pagination };
      },
    );

    app.get(
      '/:id',
      {
        config: { access: 'signed_in' },
        schema: { tags, security: BEARER, params: ZCompanyIdParams, response: { 200: ZCompanyResponse, ...errors } },
      },
      async (request) => ({ success: true as const, data: { company: await companies.get(request.params.id) } }),
    );

    app.post(
      '/',
      {
        config: { access: 'manage_companies' },
        schema: { tags, security: BEARER, body: ZCreateCompanyRequest, response: { 201: ZCompanyResponse, ...errors } },
      },
      async (request, reply) => {
        const company = await companies.create(currentUser(request), request.body, request.ip);
        return reply
          .code(201)
          .send({ success: true as const, message: 'Company created successfully', data: { company } });
      },
    );

    app.put(
      '/:id',
      {
        config: { access: 'manage_companies' },
        schema: {
          tags,
          security: BEARER,
          params: ZCompanyIdParams,
          body: ZUpdateCompanyRequest,
          response: { 200: ZCompanyResponse, ...errors },
        },
      },
      async (request) => {
        const company = await companies.update(currentUser(request), request.params.id, request.body, request.ip);
        return { success: true as const, message: 'Company updated successfully', data: { company } };
      },
    );

    app.delete(
      '/:id',
      {
        config: { access: 'manage_companies' },
        schema: { tags, security: BEARER, params: ZCompanyIdParams, response: { 200: ZMessageResponse, ...errors } },
      },
      async (request) => {
        await companies.remove(currentUser(request), request.params.id, request.ip);
        return { success: true as const, message: 'Company deleted successfully' };
      },
    );
  };
