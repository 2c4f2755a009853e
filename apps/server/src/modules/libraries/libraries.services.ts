import type { Library } from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { createCategoriesService } from './libraries.categories.service.js';
import { createDocumentsService, type LibraryReferences } from './libraries.documents.service.js';
import { libraryInfo } from './libraries.library.js';
import { createReviewService } from './libraries.review.service.js';

/** The services of one library (orders, circulars or government decisions), built once by the registry. */
export function createLibraryServices(context: AppContext, library: Library, references: LibraryReferences) {
  const info = libraryInfo(library);
  const logger = context.logger.child({ library });
  const log = (message: string) => logger.warn(message);
  const documents = createDocumentsService(context, info, references, log);
  return {
    info,
    documents,
    review: createReviewService(context, info, documents),
    folders: createCategoriesService(context, info),
    /** Where uploads are streamed before their row commits. */
    storage: context.storage,
  };
}
export type LibraryServices = ReturnType<typeof createLibraryServices>;
