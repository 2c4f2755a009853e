import { serverModule } from '../../lib/contracts/server-module.js';
import { metricsRoutes } from './metrics.routes.js';

/** Prometheus metrics (GET /api/metrics), outside the throttled `/api` scope like the health checks. */
export const metricsModule = serverModule()({
  name: 'metrics',
  rootRoutes(context) {
    return [{ plugin: metricsRoutes(context.metrics, context.config.metrics), prefix: '/api/metrics' }];
  },
});
