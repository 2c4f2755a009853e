import { randomBytes } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { createContext, type AppContext } from './context.js';
import type { DatabaseHandle } from './db/client.js';
import { accessGuard } from './lib/access.js';
import { answerCache } from './lib/answer-cache.js';
import { deniedRequestsAudit } from './lib/denied-audit.js';
import { registerErrorHandling, sendFrameworkError } from './lib/error-handler.js';
import { processHttpStats } from './lib/health/http-stats.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { readScriptHashes, registerWebApp } from './lib/web-app.js';
import { apiRoutesOf, rootRoutesOf } from './lib/module-registry.js';
import { SERVER_MODULES } from './modules/index.js';
import { buildServices, closeServices, type Services } from './services.js';
import { rateLimitError } from './lib/rate-limit-error.js';

export type App = FastifyInstance;

const JSON_BODY_LIMIT = 1024 * 1024;

/** Unique request ids, cheaply: a random prefix per process and a counter (a UUID costs more). */
const requestIdPrefix = randomBytes(6).toString('base64url');
let requestCounter = 0;
const nextRequestId = () => `${requestIdPrefix}-${(requestCounter += 1).toString(36)}`;

/**
 * Fastify's trustProxy for the configured one. Fastify refuses to honour a bare hop count (it cannot
 * tell the proxy from a client that reached the server directly), so a count becomes the function
 * it would have been: the socket's peer and the next `hops - 1` senders are proxies, and the client
 * is the address the last of them reported (the right-most X-Forwarded-For entries, never the
 * left-most, which the client writes). Only for servers reachable through the proxy alone.
 */
export function fastifyTrustProxy(
  trustProxy: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  const hops = trustProxy;
  return (_address, hop) => hop < hops;
}

/**
 * Node's and Fastify's timeouts from the configured ones. A stalled body or a silent client is cut by
 * the socket's inactivity timeout (an event, so within IDLE_TIMEOUT_SECONDS); headers and whole
 * requests are checked on Node's connection-checking interval, set to half the headers timeout (at most
 * 15 s), so slow headers are cut within 1.5 times their timeout. A handler working longer than the idle
 * timeout without sending anything loses its connection: none is meant to.
 */
export function serverTimeouts(timeouts: Config['timeouts']) {
  return {
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.min(15_000, Math.floor(timeouts.headersMs / 2)),
    },
  };
}

/**
 * The HTTP product on an open database (tests, scripts): its context, its services and the app over
 * them, listening to the change feed until the app closes. Jobs are not worked here; `main.ts` and
 * `worker.ts` start the runner.
 */
export async function buildApp(
  config: Config,
  database: DatabaseHandle,
  options: { logStream?: NodeJS.WritableStream; enqueueJobs?: boolean } = {},
): Promise<FastifyInstance> {
  const context = createContext(config, database, { logStream: options.logStream, workJobs: false });
  const services = await buildServices(context);
  const app = await buildHttpApp(context, services);
  await context.changes.start();
  app.addHook('onClose', async () => context.changes.stop());
  // What the modules hold goes with the app: a browser a render started here (a test's job; the next
  // render starts another), the slip readers' threads.
  app.addHook('onClose', async () => closeServices(services));
  // enqueueJobs: the runner started without working jobs, so routes that enqueue (a payslip upload) can.
  if (options.enqueueJobs) {
    await context.jobs.start();
    app.addHook('onClose', async () => context.jobs.stop());
  }
  return app;
}

/** The Fastify instance: plugins, the access guard and every module's routes over the services. */
export async function buildHttpApp(context: AppContext, services: Services): Promise<FastifyInstance> {
  const { config, logger: log } = context;
  const app = Fastify({
    // Fastify's own logger is off: with it on, Fastify listens to every response for a 'request
    // completed' line even when told not to write it. Requests get our logger from the child factory
    // below, and the API scope writes the one line per request itself.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : nextRequestId();
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    return503OnClosing: true,
    ...serverTimeouts(config.timeouts),
    // URLs the router refuses before any route sees them (bad escapes, over-long parameters), in the error envelope.
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.log = log;
  // Each request logs through a child carrying its id (`reqId`).
  app.setChildLoggerFactory((_parent, bindings) => log.child(bindings));

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  registerSecurityHeaders(app, readScriptHashes(config.webDist));
  // Every answer counted and timed by its route pattern (never the raw path: ids would make a series each).
  app.addHook('onResponse', (request, reply, done) => {
    context.metrics.observeRequest(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    // And for the health sample's minute (p50/p99, 5xx share): the API's answers, not the load
    // balancer's health polls or the web app's files, which would make a quiet server's p50 theirs.
    const route = request.routeOptions.url ?? '';
    if (route.startsWith('/api/') && !route.startsWith('/api/health/'))
      processHttpStats.record(reply.statusCode, reply.elapsedTime);
    done();
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'SRPF Dashboard API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  // In production the document is for administrators only (GET /api/admin/openapi.json), unless
  // API_DOCS=public publishes it with its viewer.
  if (config.apiDocs === 'public') await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(accessGuard, { tokens: services.credentials.tokens, loadActor: services.users.actorOf });

  // Health checks live outside the throttled scope: load balancers poll them, and they do no work.
  // Readiness reports what modules contribute (the PDF renderer, from payslips).
  for (const { plugin, prefix } of rootRoutesOf(SERVER_MODULES, context)) await app.register(plugin, { prefix });
  await app.register(
    async (api) => {
      // One line per API request; health polls and assets write none.
      api.addHook('onResponse', (request, reply, done) => {
        request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
        done();
      });
      // Cookies matter to the API only (the session cookie lives on /api/auth), not to health checks.
      await api.register(cookie);
      await api.register(deniedRequestsAudit, { db: context.db, now: () => context.clock.now() });
      await api.register(answerCache, {
        seconds: config.answerCacheSeconds,
        feed: { changes: context.changes, db: context.db },
      });
      await api.register(rateLimit, {
        global: true,
        max: config.apiRateLimit,
        timeWindow: '1 minute',
        errorResponseBuilder: rateLimitError,
      });
      // Every module's routes, in the module list's order (modules/index.ts).
      for (const { plugin, prefix } of apiRoutesOf(SERVER_MODULES, services, context))
        await api.register(plugin, { prefix });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDist);
  return app;
}
