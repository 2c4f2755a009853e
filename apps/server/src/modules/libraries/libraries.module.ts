import { LIBRARIES, type Library } from '@srpf/shared';
import { serverModule } from '../../lib/contracts/server-module.js';
import type { LibraryReferences } from './libraries.documents.service.js';
import { libraryRoutes } from './libraries.routes.js';
import { createLibraryServices, type LibraryServices } from './libraries.services.js';
import { createLibraryStatsService } from './libraries.stats.service.js';
import { libraryStoredFiles } from './libraries.stored-files.js';
import { createLibraryTrash } from './libraries.trash.service.js';

/** The three document libraries (/api/orders, /api/circulars, … in LIBRARIES order), their files and their part of the trash. */
export const librariesModule = serverModule<LibraryReferences>()({
  name: 'libraries',
  needs: { companies: true },
  build: (context, { companies }) => ({
    libraries: Object.fromEntries(
      LIBRARIES.map((library) => [library, createLibraryServices(context, library, { companies })]),
    ) as Record<Library, LibraryServices>,
    /** Counts the dashboard reads. */
    libraryStats: createLibraryStatsService(context),
  }),
  routes: ({ libraries }) =>
    LIBRARIES.map((library) => ({ plugin: libraryRoutes(libraries[library]), prefix: `/${library}` })),
  storedFiles: [libraryStoredFiles],
  trashSources: (context, { fileRemovals }) => [createLibraryTrash(context, fileRemovals)],
});
