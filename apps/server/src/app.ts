import { randomBytes } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIBRARIES } from '@srpf/shared';
import type { Config } from './config.js';
import { createContext, type AppContext } from './context.js';
import type { DatabaseHandle } from './db/client.js';
import { accessGuard } from './lib/access.js';
import { answerCache } from './lib/answer-cache.js';
import { deniedRequestsAudit } from './lib/denied-audit.js';
import { registerErrorHandling, sendFrameworkError } from './lib/error-handler.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { readScriptHashes, registerWebApp } from './lib/web-app.js';
import { formsRoutes } from './modules/forms/forms.routes.js';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes.js';
import { appointmentRoutes } from './modules/appointments/appointments.routes.js';
import { appointmentStepRoutes } from './modules/appointments/appointments.steps.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { companyRoutes } from './modules/companies/companies.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { designationRoutes } from './modules/designations/designations.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { closeRenderer } from './modules/payslips/render/renderer-settings.js';
import { publicRendererStateLogging, rendererState } from './modules/payslips/render/renderer-state.js';
import { libraryRoutes } from './modules/libraries/libraries.routes.js';
import { userLookupRoutes } from './modules/users/users.lookup.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { trashRoutes } from './modules/trash/trash.routes.js';
import { payslipRoutes, salarySlipRoutes } from './modules/payslips/payslips.routes.js';
import { buildServices, type Services } from './services.js';

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
export function fastifyTrustProxy(trustProxy: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
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
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: Math.min(15_000, Math.floor(timeouts.headersMs / 2)) },
  };
}

/**
 * The HTTP product on an open database (tests, scripts): its context, its services and the app over
 * them, listening to the change feed until the app closes. Jobs are not worked here; `main.ts` and
 * `worker.ts` start the runner.
 */
export async function buildApp(config: Config, database: DatabaseHandle, options: { logStream?: NodeJS.WritableStream; enqueueJobs?: boolean } = {}): Promise<FastifyInstance> {
  const context = createContext(config, database, { logStream: options.logStream, workJobs: false });
  const services = await buildServices(context);
  const app = await buildHttpApp(context, services);
  await context.changes.start();
  app.addHook('onClose', async () => context.changes.stop());
  // A browser a render started here (a test's job) goes with the app; the next render starts another.
  app.addHook('onClose', async () => closeRenderer());
  // So do the slip readers' threads (idle ones end on their own after a few seconds).
  app.addHook('onClose', async () => services.slipReaders.close());
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
  // The renderer is a reported field of readiness (the first check starts Chromium once; within 3 s, or it says it is still checking).
  // Readiness is public and polled: the renderer's own reason (its path, Chromium's error) goes to the
  // log once each time it changes, and the answer says only whether PDFs can be made.
  const publicRenderer = publicRendererStateLogging((reason) => app.log.warn({ reason }, 'payslip PDFs cannot be made'));
  await app.register(healthRoutes(context.database, async () => publicRenderer(await rendererState({ waitMs: 3_000 }))), { prefix: '/api/health' });
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
      await api.register(answerCache, { seconds: config.answerCacheSeconds, feed: { changes: context.changes, db: context.db } });
      await api.register(rateLimit, {
        global: true,
        max: config.apiRateLimit,
        timeWindow: '1 minute',
        errorResponseBuilder: (_request, limit) => ({
          statusCode: 429,
          message: `Too many requests. Try again in ${Math.ceil(limit.ttl / 1000)} seconds.`,
        }),
      });
      await api.register(authRoutes(services.auth, services.credentials), { prefix: '/auth' });
      await api.register(userRoutes(services), { prefix: '/users' });
      await api.register(userLookupRoutes(services.users, { perUserPerMinute: config.lookupRateLimit }), { prefix: '/appointments/users' });
      await api.register(appointmentRoutes(services.appointments), { prefix: '/appointments' });
      await api.register(appointmentStepRoutes(services.appointmentSteps), { prefix: '/appointments' });
      await api.register(companyRoutes(services.companies), { prefix: '/companies' });
      await api.register(designationRoutes(services.designations), { prefix: '/designations' });
      await api.register(dashboardRoutes(services.dashboard), { prefix: '/kpis' });
      for (const library of LIBRARIES) await api.register(libraryRoutes(services.libraries[library]), { prefix: `/${library}` });
      await api.register(formsRoutes(services.forms), { prefix: '/forms' });
      await api.register(salarySlipRoutes(services.payslips, context.storage, services.slipReaders), { prefix: '/salary-slip' });
      await api.register(payslipRoutes(services.payslips), { prefix: '/payslips' });
      await api.register(auditRoutes(services.audit), { prefix: '/audit-logs' });
      await api.register(trashRoutes(services.trash), { prefix: '/trash' });
      await api.register(apiDocsRoutes(), { prefix: '/admin' });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDist);
  return app;
}
