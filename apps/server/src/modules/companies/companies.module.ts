import { serverModule } from '../../lib/contracts/server-module.js';
import { companyRoutes } from './companies.routes.js';
import { createCompaniesService } from './companies.service.js';

/** The companies appointments, users and documents refer to (/api/companies). */
export const companiesModule = serverModule()({
  name: 'companies',
  build: (context) => ({ companies: createCompaniesService(context) }),
  routes: ({ companies }) => [{ plugin: companyRoutes(companies), prefix: '/companies' }],
});
