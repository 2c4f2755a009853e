import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIBRARIES } from '@srpf/shared';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { accessGuard } from './lib/access.js';
import { getOrCreateSetting } from './lib/app-settings.js';
import { registerErrorHandling } from './lib/error-handler.js';
import { createLogger } from './lib/logger.js';
import { answerCache } from './lib/answer-cache.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { createPasswordHasher, type PasswordHasher } from './lib/passwords.js';
import { keyedHash } from './lib/secrets.js';
import type { FileStorage } from './lib/storage.js';
import { createLocalStorage } from './lib/storage-local.js';
import { createAccessTokens, type AccessTokens } from './lib/tokens.js';
import { registerWebApp } from './lib/web-app.js';
import { appointmentRoutes } from './modules/appointments/appointments.routes.js';
import { appointmentStepRoutes } from './modules/appointments/appointments.steps.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { companyRoutes } from './modules/companies/companies.routes.js';
import { designationRoutes } from './modules/designations/designations.routes.js';
import { livenessServer } from './modules/health/health.live.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { kpiRoutes } from './modules/kpis/kpis.routes.js';
import { libraryRoutes } from './modules/libraries/libraries.routes.js';
import { userLookupRoutes } from './modules/users/users.lookup.routes.js';
import { userRoutes } from './modules/users/users.routes.js';

/** What services need, built once per app and passed to each module. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  /** argon2id for chosen passwords; HMAC-SHA-256 under a key derived from the JWT secret for one-time passwords. */
  hasher: PasswordHasher;
  tokens: AccessTokens;
  /** Keyed hash of random secrets such as refresh tokens. */
  hashSecret(secret: string): string;
  /** Uploaded files (the libraries' PDFs): a folder under DATA_DIR, outside anything served. */
  storage: FileStorage;
}

export type App = FastifyInstance;

const JSON_BODY_LIMIT = 1024 * 1024;

/** Unique request ids, cheaply: a random prefix per process and a counter (a UUID costs more). */
const requestIdPrefix = randomBytes(6).toString('base64url');
let requestCounter = 0;
const nextRequestId = () => `${requestIdPrefix}-${(requestCounter += 1).toString(36)}`;

/** `logStream` lets tests read the logs; the server logs to stdout. */
export async function buildApp(config: Config, database: DatabaseHandle, options: { logStream?: NodeJS.WritableStream } = {}): Promise<FastifyInstance> {
  const jwtSecret = config.jwtSecret ?? (await getOrCreateSetting(database.db, 'jwt_secret'));
  const context: AppContext = {
    config,
    database,
    db: database.db,
    hasher: createPasswordHasher(config.passwordHash, `one-time-password:${jwtSecret}`),
    tokens: createAccessTokens(jwtSecret, config.accessTokenTtl),
    hashSecret: (secret) => keyedHash(`refresh:${jwtSecret}`, secret),
    storage: createLocalStorage(path.join(config.dataDir, 'files')),
  };

  const log = createLogger(config.logLevel, options.logStream);
  const liveness = livenessServer();
  const app = Fastify({
    // Fastify's own logger is off: with it on, Fastify listens to every response for a 'request
    // completed' line even when told not to write it, ≈ 2 µs a request (half a health check's
    // overhead, docs/PERFORMANCE.md). Requests get our logger from the child factory below, and the
    // API scope writes the one line per request itself.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : nextRequestId();
    },
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    return503OnClosing: true,
    serverFactory: liveness.serverFactory,
  }).withTypeProvider<ZodTypeProvider>();
  app.log = log;
  liveness.closeWith(app);
  // Each request logs through a child carrying its id (`reqId`).
  app.setChildLoggerFactory((_parent, bindings) => log.child(bindings));

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  registerSecurityHeaders(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'SRPF Dashboard API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(accessGuard, { tokens: context.tokens });

  // Health checks live outside the throttled scope: load balancers poll them, and they do no work.
  await app.register(healthRoutes(context), { prefix: '/api/health' });
  await app.register(
    async (api) => {
      // One line per API request; health polls and assets write none.
      api.addHook('onResponse', (request, reply, done) => {
        request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
        done();
      });
      // Cookies matter to the API only (the session cookie lives on /api/auth), not to health checks.
      await api.register(cookie);
      await api.register(answerCache, { seconds: config.answerCacheSeconds });
      await api.register(rateLimit, {
        global: true,
        max: config.apiRateLimit,
        timeWindow: '1 minute',
        errorResponseBuilder: (_request, limit) => ({
          statusCode: 429,
          message: `Too many requests. Try again in ${Math.ceil(limit.ttl / 1000)} seconds.`,
        }),
      });
      await api.register(authRoutes(context), { prefix: '/auth' });
      await api.register(userRoutes(context), { prefix: '/users' });
      await api.register(userLookupRoutes(context), { prefix: '/appointments/users' });
      await api.register(appointmentRoutes(context), { prefix: '/appointments' });
      await api.register(appointmentStepRoutes(context), { prefix: '/appointments' });
      await api.register(companyRoutes(context), { prefix: '/companies' });
      await api.register(designationRoutes(context), { prefix: '/designations' });
      await api.register(kpiRoutes(context), { prefix: '/kpis' });
      for (const library of LIBRARIES) await api.register(libraryRoutes(context, library), { prefix: `/${library}` });
      await api.register(auditRoutes(context), { prefix: '/audit-logs' });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDist);
  return app;
}
