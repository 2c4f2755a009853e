import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics.js';

/**
 * The worker's metrics (it serves no HTTP API): GET /metrics on METRICS_PORT, bound to loopback only,
 * so only a Prometheus (or an agent) on the same host reads it. Anything else is 404.
 */
export async function startMetricsServer(metrics: Metrics, port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be read\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
