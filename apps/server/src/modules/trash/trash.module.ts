import { serverModule, type StoredFileServices } from '../../lib/contracts/server-module.js';
import { trashRoutes } from './trash.routes.js';
import { createTrashService } from './trash.service.js';

/** The trash of every area that contributes a trash source (/api/trash), and its daily retention purge. */
export const trashModule = serverModule<Pick<StoredFileServices, 'fileRemovals'>>()({
  name: 'trash',
  needs: { fileRemovals: true },
  build: (context, { fileRemovals }, { trashSources }) => ({
    trash: createTrashService(context, trashSources, fileRemovals),
  }),
  routes: ({ trash }) => [{ plugin: trashRoutes(trash), prefix: '/trash' }],
  registerJobs: (jobs, { trash }) => trash.registerJobs(jobs),
});
