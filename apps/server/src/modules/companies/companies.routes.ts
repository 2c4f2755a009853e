import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCompanyIdParams,
  ZCompanyListQuery,
  ZCompanyListResponse,
  ZCompanyResponse,
  ZCreateCompanyRequest,
  ZErrorResponse,
  ZMessageResponse,
  ZUpdateCompanyRequest,
} from '@srpf/shared';
import type { AppContext } from '../../app.js';
import { currentUser } from '../../lib/access.js';
import { createCompaniesService } from './companies.service.js';

const tags = ['companies'];
const security = [{ bearer: [] }];
const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

/** Companies: every signed-in user reads them (the user form's lookup); manage_companies changes them. */
export const companyRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const companies = createCompaniesService(context);

    app.get(
      '/',
      { config: { access: 'signed_in' }, schema: { tags, security, querystring: ZCompanyListQuery, response: { 200: ZCompanyListResponse, ...errors } } },
      async (request) => {
        const { companies: data, pagination } = await companies.list(request.query);
        return { success: true as const, data, pagination };
      },
    );

    app.get(
      '/:id',
      { config: { access: 'signed_in' }, schema: { tags, security, params: ZCompanyIdParams, response: { 200: ZCompanyResponse, ...errors } } },
      async (request) => ({ success: true as const, data: { company: await companies.get(request.params.id) } }),
    );

    app.post(
      '/',
      { config: { access: 'manage_companies' }, schema: { tags, security, body: ZCreateCompanyRequest, response: { 201: ZCompanyResponse, ...errors } } },
      async (request, reply) => {
        const company = await companies.create(currentUser(request), request.body, request.ip);
        return reply.code(201).send({ success: true as const, message: 'Company created successfully', data: { company } });
      },
    );

    app.put(
      '/:id',
      {
        config: { access: 'manage_companies' },
        schema: { tags, security, params: ZCompanyIdParams, body: ZUpdateCompanyRequest, response: { 200: ZCompanyResponse, ...errors } },
      },
      async (request) => {
        const company = await companies.update(currentUser(request), request.params.id, request.body, request.ip);
        return { success: true as const, message: 'Company updated successfully', data: { company } };
      },
    );

    app.delete(
      '/:id',
      { config: { access: 'manage_companies' }, schema: { tags, security, params: ZCompanyIdParams, response: { 200: ZMessageResponse, ...errors } } },
      async (request) => {
        await companies.remove(currentUser(request), request.params.id, request.ip);
        return { success: true as const, message: 'Company deleted successfully' };
      },
    );
  };
