import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FormFoldersService } from './forms.folders.service.js';

/** /api/forms/categories, /subcategories, /sub-subcategories and /categories/tree: to be built. */
export const formFolderRoutes =
  (folders: FormFoldersService): FastifyPluginAsyncZod =>
  async () => {
    void folders;
  };
