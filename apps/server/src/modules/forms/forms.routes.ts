import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MULTIPART_LIMITS } from '../../lib/pdf-upload.js';
import { formFolderRoutes } from './forms.folders.routes.js';
import { formRecordRoutes } from './forms.records.routes.js';
import type { FormsServices } from './forms.services.js';

/** The forms library, mounted at `/api/forms`: its folder tree and its forms. */
export const formsRoutes =
  (services: FormsServices): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: MULTIPART_LIMITS });
    await app.register(formFolderRoutes(services.folders));
    await app.register(formRecordRoutes(services.forms, services.storage));
  };
