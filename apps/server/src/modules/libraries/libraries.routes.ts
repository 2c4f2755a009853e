import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Library } from '@srpf/shared';
import type { AppContext } from '../../app.js';
import { categoryRoutes } from './libraries.categories.routes.js';
import { createCategoriesService } from './libraries.categories.service.js';
import { documentRoutes } from './libraries.documents.routes.js';
import { createDocumentsService } from './libraries.documents.service.js';
import { fileRoutes } from './libraries.files.routes.js';
import { libraryInfo } from './libraries.library.js';
import { reviewRoutes } from './libraries.review.routes.js';
import { createReviewService } from './libraries.review.service.js';
import { MULTIPART_LIMITS } from './libraries.upload.js';

/**
 * One document library (orders, circulars or government decisions), mounted at `/api/{library}`:
 * the same module three times, parametrised by the library.
 */
export const libraryRoutes =
  (context: AppContext, library: Library): FastifyPluginAsyncZod =>
  async (app) => {
    const info = libraryInfo(library);
    const log = (message: string) => app.log.warn({ library }, message);
    const documents = createDocumentsService(context, info, log);
    const review = createReviewService(context, info, documents);
    const folders = createCategoriesService(context, info, log);

    await app.register(multipart, { limits: MULTIPART_LIMITS });
    await app.register(categoryRoutes(info, folders));
    await app.register(documentRoutes(context, info, documents));
    await app.register(fileRoutes(context, info, documents));
    await app.register(reviewRoutes(context, info, review));
  };
