import { serverModule } from '../../lib/contracts/server-module.js';
import { designationRoutes } from './designations.routes.js';
import { createDesignationsService } from './designations.service.js';

/** The designations users hold (/api/designations). */
export const designationsModule = serverModule()({
  name: 'designations',
  build: (context) => ({ designations: createDesignationsService(context) }),
  routes: ({ designations }) => [{ plugin: designationRoutes(designations), prefix: '/designations' }],
});
