import { serverModule } from '../../lib/contracts/server-module.js';
import { apiDocsRoutes } from './api-docs.routes.js';

/** The OpenAPI document for administrators (/api/admin/openapi.json). */
export const apiDocsModule = serverModule()({
  name: 'api-docs',
  routes: () => [{ plugin: apiDocsRoutes(), prefix: '/admin' }],
});
