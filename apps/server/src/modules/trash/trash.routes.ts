import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZMessageResponse,
  ZTrashItemParams,
  ZTrashItemQuery,
  ZTrashItemRequest,
  ZTrashListResponse,
  ZTrashQuery,
  ZTrashRestoreResponse,
  ZTrashSettingsResponse,
} from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { TrashService } from './trash.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['trash'];
const manage = { access: 'manage_trash' } as const;

const KIND_LABELS = {
  document: 'Document',
  category: 'Category',
  subcategory: 'Subcategory',
  form: 'Form',
  sub_subcategory: 'Sub-subcategory',
} as const;

/** The trash: deleted documents and folders, restored or purged by people holding manage_trash. */
export const trashRoutes =
  (trash: TrashService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
        config: manage,
        schema: { tags, security: BEARER, querystring: ZTrashQuery, response: { 200: ZTrashListResponse, ...errors } },
      },
      async (request) => {
        const { items, pagination } = await trash.list(request.query);
        return { success: true as const, data: items, pagination };
      },
    );

    app.get(
      '/settings',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          description: 'How many days deleted items stay restorable (TRASH_RETENTION_DAYS).',
          response: { 200: ZTrashSettingsResponse, ...errors },
        },
      },
      async () => ({ success: true as const, data: { retention_days: trash.retentionDays } }),
    );

    app.post(
      '/restore',
      {
        config: manage,
        schema: {
          tags,
          security: BEARER,
          description:
            '`library` names whose item it is (forms for the forms library’s folders); absent, the document libraries (forms for kinds form and sub_subcategory).',
          body: ZTrashItemRequest,
          response: { 200: ZTrashRestoreResponse, ...errors },
        },
      },
      async (request) => {
        const { kind, id, library } = request.body;
        const restored = await trash.restore(currentUser(request), kind, id, request.ip, library);
        const where = restored.moved_to_root ? ' to the library’s main list, as its folder is gone' : '';
        return {
          success: true as const,
          message: `${KIND_LABELS[restored.kind]} restored${where}`,
          data: { restored },
        };
      },
    );

    app.delete(
      '/:kind/:id',
      {
        config: manage,
        schema: {
          tags,
          security: BEARER,
          description:
            'Purges the item now: its rows and files are removed for good. `library` names whose item it is (forms for the forms library’s folders).',
          params: ZTrashItemParams,
          querystring: ZTrashItemQuery,
          response: { 200: ZMessageResponse, ...errors },
        },
      },
      async (request) => {
        await trash.purge(
          currentUser(request),
          request.params.kind,
          request.params.id,
          request.ip,
          request.query.library,
        );
        return { success: true as const, message: `${KIND_LABELS[request.params.kind]} deleted permanently` };
      },
    );
  };
