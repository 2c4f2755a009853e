import path from 'node:path';
import { z } from 'zod';

/** A duration such as `900` (seconds), `15m`, `12h` or `30d`, in seconds. */
const duration = z
  .string()
  .trim()
  .regex(/^\d+\s*[smhd]?$/, 'use a number of seconds or a value such as 15m, 12h, 30d')
  .transform((text) => {
    const amount = Number.parseInt(text, 10);
    const unit = text.trim().slice(-1);
    const factor = unit === 'm' ? 60 : unit === 'h' ? 3600 : unit === 'd' ? 86_400 : 1;
    return amount * factor;
  })
  .refine((seconds) => seconds > 0, 'must be more than zero');

const ZEnvironment = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: duration.default(900),
  REFRESH_TOKEN_TTL: duration.default(30 * 86_400),
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEB_DIST: z.string().optional(),
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  LOOKUP_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  ANSWER_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  RUN_JOBS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  adminEmail?: string;
  adminPassword?: string;
  logLevel: string;
  trustProxy: boolean;
  /**
   * API requests allowed per client address and minute. Offices behind one address (NAT) or load
   * tests need more than the default.
   */
  apiRateLimit: number;
  /** Person lookups (search by name, find by phone) allowed per signed-in user and minute: the directory is not for paging through. */
  lookupRateLimit: number;
  /** How long lists and the dashboard may serve a kept answer when nothing has changed (0: never). */
  answerCacheSeconds: number;
  /** Whether the web server works jobs itself (false when `npm run worker` works them apart). */
  runJobs: boolean;
  /** The built web app served at `/`; absent in API-only tests. */
  webDist?: string;
  /** argon2id cost; tests lower it, production keeps the OWASP figures. */
  passwordHash: { memoryCost: number; timeCost: number };
}

export class ConfigError extends Error {}

/** Reads the environment; a bad value stops the server with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in most shells' .env files.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = ZEnvironment.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!e.RUN_JOBS && e.DATABASE_URL === undefined) {
    throw new ConfigError('Invalid configuration:\n  RUN_JOBS: false needs DATABASE_URL (then `npm run worker` works the jobs); on the embedded database no other process can, so jobs would never run');
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL, ADMIN_PASSWORD: set both or neither');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    // npm workspace scripts run in the workspace folder; a relative DATA_DIR means where npm was started.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    apiRateLimit: e.API_RATE_LIMIT,
    lookupRateLimit: e.LOOKUP_RATE_LIMIT,
    answerCacheSeconds: e.ANSWER_CACHE_SECONDS,
    runJobs: e.RUN_JOBS,
    webDist: e.WEB_DIST,
    passwordHash: { memoryCost: 19_456, timeCost: 2 },
  };
}
