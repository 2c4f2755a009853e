import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryRoutes } from './libraries.categories.routes.js';
import { documentRoutes } from './libraries.documents.routes.js';
import { fileRoutes } from './libraries.files.routes.js';
import { reviewRoutes } from './libraries.review.routes.js';
import type { LibraryServices } from './libraries.services.js';
import { MULTIPART_LIMITS } from '../../lib/pdf-upload.js';

/**
 * One document library (orders, circulars or government decisions), mounted at `/api/{library}`:
 * the same module three times, parametrised by the library.
 */
export const libraryRoutes =
  (library: LibraryServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { info, documents, review, folders, storage } = library;
    await app.register(multipart, { limits: MULTIPART_LIMITS });
    await app.register(categoryRoutes(info, folders));
    await app.register(documentRoutes(storage, info, documents));
    await app.register(fileRoutes(storage, info, documents));
    await app.register(reviewRoutes(info, review));
  };
