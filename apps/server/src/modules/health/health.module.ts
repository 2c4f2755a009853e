import { serverModule } from '../../lib/contracts/server-module.js';
import { healthRoutes } from './health.routes.js';

/**
 * Liveness and readiness (/api/health), outside the throttled `/api` scope: load balancers poll them.
 * Readiness reports the parts other modules contribute (the PDF renderer, from payslips).
 */
export const healthModule = serverModule()({
  name: 'health',
  rootRoutes(context, readiness) {
    const { renderer, whatsapp } = readiness;
    if (!renderer) throw new Error('the readiness check needs the PDF renderer report, which no module contributes');
    return [{ plugin: healthRoutes(context.database, renderer, whatsapp), prefix: '/api/health' }];
  },
});
