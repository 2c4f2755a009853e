import { serverModule } from '../../lib/contracts/server-module.js';
import { auditRoutes } from './audit.routes.js';
import { createAuditService } from './audit.service.js';

/** The audit log, read by administrators (/api/audit-logs). */
export const auditModule = serverModule()({
  name: 'audit',
  build: (context) => ({ audit: createAuditService(context) }),
  routes: ({ audit }) => [{ plugin: auditRoutes(audit), prefix: '/audit-logs' }],
});
