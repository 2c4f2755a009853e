import http from 'node:http';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import type { THealthLive } from '@srpf/shared';
import { API_HEADERS } from '../../lib/security-headers.js';

const LIVE_URL = '/api/health/live';

/** The liveness answer, the same whichever path serves it. */
export const liveAnswer = (): THealthLive => ({ status: 'ok', uptime: Math.round(process.uptime()) });

/**
 * The head of a liveness answer: the API's security headers, then the type and length. One array
 * kept for the life of the process, its last slot (the length) rewritten before each answer; Node
 * reads it synchronously in `writeHead`.
 */
const liveHead: string[] = [
  ...Object.entries(API_HEADERS).flat(),
  'content-type',
  'application/json; charset=utf-8',
  'content-length',
  '',
];

/**
 * The HTTP server Fastify is given (`serverFactory`): the one Fastify would make itself (its timeouts,
 * below), except that `GET /api/health/live`, the probe load balancers and the web app's banner send
 * every few seconds, is answered here before Fastify's routing, hooks and reply objects run: liveness
 * asks only that the process answers HTTP, and this is where that is known. The answer carries the
 * same security headers and body as the Fastify route, which stays for the API document, HEAD
 * requests, URLs with a query, and `inject` in tests (docs/PERFORMANCE.md, "Health check").
 *
 * `closeWith(app)` must be called on the app built with `serverFactory`: from `preClose` on, the probe
 * goes to Fastify too, which answers 503 so load balancers stop sending.
 *
 * One difference from Fastify's own server: with a factory, Fastify binds only the first address of a
 * host name (HOST=localhost listens on one of 127.0.0.1 and ::1; README, "Configuration").
 */
export function livenessServer(): { serverFactory: FastifyServerFactory; closeWith(app: FastifyInstance): void } {
  let closing = false;
  const serverFactory: FastifyServerFactory = (fastifyHandler, options) => {
    // Serving TLS or HTTP/2 would need their own server here; the product serves plain HTTP/1.1
    // behind the force's proxy.
    if (options.https || options.http2) throw new Error('The liveness server serves plain HTTP/1.1 only: remove the https/http2 options or extend health.live.ts.');
    const server = http.createServer((options.http ?? {}) as http.ServerOptions, (request, response) => {
      if (request.url === LIVE_URL && request.method === 'GET' && !closing) {
        const body = JSON.stringify(liveAnswer());
        // The body is ASCII, so its length in characters is its length in bytes.
        liveHead[liveHead.length - 1] = String(body.length);
        response.writeHead(200, liveHead).end(body);
        return;
      }
      fastifyHandler(request, response);
    });
    // What Fastify sets on the server it makes (fastify/lib/server.js, getServerInstance).
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout as number);
    if ((options.maxRequestsPerSocket as number) > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket as number;
    return server;
  };
  const closeWith = (app: FastifyInstance) => {
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
  };
  return { serverFactory, closeWith };
}
