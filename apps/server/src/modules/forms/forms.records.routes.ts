import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FormsService } from './forms.service.js';

/** /api/forms, /api/forms/hierarchical and /api/forms/{id}/...: to be built. */
export const formRecordRoutes =
  (forms: FormsService): FastifyPluginAsyncZod =>
  async () => {
    void forms;
  };
