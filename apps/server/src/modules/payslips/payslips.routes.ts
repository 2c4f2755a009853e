import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAYSLIP_FILE_MAX_BYTES,
  PAYSLIP_FILES_MAX,
  PAYSLIP_UPLOAD_FIELD,
  ZPayslipEligibleUsersResponse,
  ZPayslipIdParams,
  ZPayslipListQuery,
  ZPayslipListResponse,
  ZPayslipMonthQuery,
  ZPayslipStatsResponse,
  ZPayslipUploadResponse,
} from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { contentDisposition } from '../../lib/file-names.js';
import type { FileStorage } from '../../lib/storage.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { SlipReaders } from './payslips.read-pool.js';
import type { PayslipsService } from './payslips.service.js';
import { clientGoneSignal, readSlipUpload, SLIP_MULTIPART_LIMITS } from './payslips.upload.js';

const tags = ['payslips'];
const errors = errorResponses(400, 401, 403, 404);

/** /api/salary-slip: the spec's paths of the upload and the list (section 7). */
export const salarySlipRoutes =
  (payslips: PayslipsService, storage: FileStorage, slipReaders: SlipReaders): FastifyPluginAsyncZod =>
  async (app) => {
    // Its own scope, so the multipart parser exists only here; a file past 2 MB is a failed file, not a failed request.
    await app.register(multipart, { limits: SLIP_MULTIPART_LIMITS, throwFileSizeLimit: false });

    app.post(
      '/upload-html',
      {
        config: { access: 'manage_payslips' },
        schema: {
          tags,
          security: BEARER,
          consumes: ['multipart/form-data'],
          description: `multipart/form-data: the slips' HTML files under \`${PAYSLIP_UPLOAD_FIELD}\` (each at most ${PAYSLIP_FILE_MAX_BYTES / (1024 * 1024)} MB, at most ${PAYSLIP_FILES_MAX} a request). Each is read by its labels and matched to a person by Sevarth ID (= DGP ID) within the uploader's companies; a second slip for the same person and month becomes its new version. Answers 200 with every file's outcome; the PDFs are made in the background.`,
          response: { 200: ZPayslipUploadResponse, ...errors, ...errorResponses(409, 413) },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const upload = await readSlipUpload(request, storage, slipReaders, clientGoneSignal(reply));
        return payslips.upload(actor, upload, request.ip);
      },
    );

    app.get(
      '/salaryslips/all',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          description:
            'The current slip of each person and month, newest month first: with manage_payslips those of the caller’s companies (every company for administrators) and their own; otherwise only their own. Each row lists its earlier versions.',
          querystring: ZPayslipListQuery,
          response: { 200: ZPayslipListResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await payslips.list(currentUser(request), request.query, request.ip)),
      }),
    );
  };

/** /api/payslips: stats, the people WhatsApp could reach, and the downloads. */
export const payslipRoutes =
  (payslips: PayslipsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/stats',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          description: 'Counts of the current slips the caller may see (one month, or all).',
          querystring: ZPayslipMonthQuery,
          response: { 200: ZPayslipStatsResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: { stats: await payslips.stats(currentUser(request), request.query.month_year) },
      }),
    );

    app.get(
      '/eligible-users',
      {
        config: { access: 'manage_payslips' },
        schema: {
          tags,
          security: BEARER,
          description:
            'Active people with a phone and WhatsApp enabled who have a slip that month (their newest when no month is given), within the caller’s companies.',
          querystring: ZPayslipMonthQuery,
          response: { 200: ZPayslipEligibleUsersResponse, ...errors },
        },
      },
      async (request) => {
        const users = await payslips.eligibleUsers(currentUser(request), request.query.month_year, request.ip);
        return {
          success: true as const,
          data: { users, total: users.length, month_year: request.query.month_year ?? null },
        };
      },
    );

    app.get(
      '/:id/download',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          description:
            'The PDF of a slip or of one of its earlier versions (each has its own id), as an attachment named after the slip. 409 while the PDF is not ready; 404 for a slip the caller may not see.',
          produces: ['application/pdf'],
          params: ZPayslipIdParams,
          response: {
            200: z.unknown().describe('The PDF (application/pdf), streamed'),
            ...errors,
            ...errorResponses(409),
          },
        },
      },
      async (request, reply) => {
        const file = await payslips.download(currentUser(request), request.params.id, request.ip);
        return reply
          .headers({
            'content-type': 'application/pdf',
            'content-length': String(file.size),
            'content-disposition': contentDisposition(file.fileName, 'payslip'),
            'x-content-type-options': 'nosniff',
            'cache-control': 'private, no-store',
          })
          .send(file.stream);
      },
    );
  };
