import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { TRASH_RETENTION_DAYS_DEFAULT } from '@srpf/shared';
import { DEFAULT_CHROMIUM_PATH } from './modules/payslips/render/chromium-command.js';
import type { WhatsappConfig } from './modules/whatsapp/whatsapp.provider.js';

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

const TRUST_PROXY_FORMS =
  'use the number of proxies in front of the server (1 behind one reverse proxy that every request passes through), ' +
  "the proxy's addresses or CIDRs (10.0.0.5,10.0.1.0/24), or false. `true` is refused: it takes the left-most " +
  'X-Forwarded-For, which the client writes, so anyone could choose the address the throttles and the audit log see';

/** An address or CIDR as proxy-addr reads it, or one of its names (loopback, linklocal, uniquelocal). */
function isProxyAddress(text: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(text)) return true;
  const [address = '', prefix, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: whom to believe about the client's address and protocol (X-Forwarded-For and
 * -Proto): a hop count (the last n senders are proxies), a list of the proxies' addresses, or nobody.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((text, context): false | number | string[] => {
    if (text === 'false') return false;
    if (/^\d+$/.test(text)) {
      if (Number(text) >= 1) return Number(text);
    } else if (text !== 'true') {
      const addresses = text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
      const bad = addresses.filter((address) => !isProxyAddress(address));
      if (addresses.length > 0 && bad.length === 0) return addresses;
      context.addIssue({
        code: 'custom',
        message: `not an address or CIDR: ${bad.join(', ') || text}; ${TRUST_PROXY_FORMS}`,
      });
      return z.NEVER;
    }
    context.addIssue({ code: 'custom', message: `${text} is refused; ${TRUST_PROXY_FORMS}` });
    return z.NEVER;
  });

/**
 * `METRICS_ALLOW`: the socket peers that may read /api/metrics without the token (a Prometheus on the
 * same host or network): addresses or CIDRs, comma-separated.
 */
const metricsAllow = z
  .string()
  .trim()
  .transform((text, context): string[] => {
    const entries = text
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const bad = entries.filter(
      (entry) => ['loopback', 'linklocal', 'uniquelocal'].includes(entry) || !isProxyAddress(entry),
    );
    if (bad.length === 0) return entries;
    context.addIssue({
      code: 'custom',
      message: `not an address or CIDR: ${bad.join(', ')} (use 127.0.0.1,10.0.0.0/24)`,
    });
    return z.NEVER;
  });

/** Daily at 02:30 in the force's time zone: before the nightly purges, so an archive still holds what they remove. */
export const BACKUP_SCHEDULE_DEFAULT = '30 2 * * *';

/** Whether `folder` is `parent` or lies under it. */
function isInside(folder: string, parent: string): boolean {
  const relative = path.relative(parent, folder);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The longest an access token may live (ACCESS_TOKEN_TTL): how far back the guard looks for ended sessions. */
export const ACCESS_TOKEN_TTL_MAX = 3600;

const ZEnvironment = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: duration
    .refine(
      (seconds) => seconds <= ACCESS_TOKEN_TTL_MAX,
      'must be at most 1 hour (3600, 60m or 1h): a stolen access token works until it expires',
    )
    .default(900),
  REFRESH_TOKEN_TTL: duration.default(30 * 86_400),
  SESSION_MAX_AGE: duration.default(12 * 3600),
  ONE_TIME_PASSWORD_TTL: duration.default(72 * 3600),
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  NODE_ENV: z.string().optional(),
  API_DOCS: z.enum(['public', 'admins']).optional(),
  WEB_DIST: z.string().optional(),
  // PostgreSQL settings for the embedded database on top of db/client.ts's (name=value, comma-separated).
  PGLITE_SETTINGS: z
    .string()
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .pipe(
      z.array(
        z.string().regex(/^[a-z_]+=[A-Za-z0-9_.]+$/, 'name=value pairs of PostgreSQL settings, separated by commas'),
      ),
    )
    .default([]),
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  LOOKUP_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  ANSWER_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  ACTOR_CACHE_SECONDS: z.coerce.number().int().min(0).max(5).default(5),
  /** Days a deleted document or folder stays in the trash before the retention job purges it. */
  TRASH_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(TRASH_RETENTION_DAYS_DEFAULT),
  /** A connection that sends or receives nothing this long is closed (a stalled upload, a silent client). */
  IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** The request line and headers must arrive within this (checked every half of it, at most every 15 s). */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(30),
  /** A whole request (a 10 MB upload on a slow link included) must arrive within this. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(900),
  /** An idle kept-alive connection is closed after this. */
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(5),
  // Prometheus metrics (lib/metrics.ts): GET /api/metrics for a bearer token equal to METRICS_TOKEN or a
  // socket peer of METRICS_ALLOW (a request with no X-Forwarded-For); the worker serves its own on METRICS_PORT.
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  METRICS_ALLOW: metricsAllow.default([]),
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  // Backups (modules/backup, docs/OPERATIONS.md).
  BACKUP_DIR: z.string().min(1).default('./backups'),
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .regex(/^(off|[\w*/,-]+(\s+[\w*/,-]+){4})$/, 'use a cron expression of five fields (30 2 * * *) or off')
    .transform((text) => (text === 'off' ? null : text.split(/\s+/).join(' ')))
    .default(BACKUP_SCHEDULE_DEFAULT),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  // Payslip PDFs (modules/payslips/render): headless Chromium, never downloaded.
  CHROMIUM_PATH: z.string().trim().min(1).default(DEFAULT_CHROMIUM_PATH),
  PAYSLIP_RENDER_PAGES: z.coerce.number().int().min(1).max(8).default(1),
  PAYSLIP_RENDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(15),
  PAYSLIP_FONT_PATH: z.string().trim().min(1).optional(),
  // WhatsApp (modules/whatsapp, issue 30): `outbox` (default) stores messages and contacts no one.
  WHATSAPP_PROVIDER: z.enum(['cloud', 'outbox']).default('outbox'),
  WHATSAPP_GRAPH_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com'),
  WHATSAPP_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'use a Graph API version such as v23.0')
    .default('v23.0'),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, 'the phone number id is digits').optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PAYSLIP_TEMPLATE: z.string().min(1).optional(),
  WHATSAPP_AUTH_TEMPLATE: z.string().min(1).optional(),
  /** The WhatsApp Business Account whose approved templates campaigns may use (cloud; optional: without it none are listed). */
  WHATSAPP_BUSINESS_ACCOUNT_ID: z.string().regex(/^\d+$/, 'the business account id is digits').optional(),
  WHATSAPP_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(80),
  WHATSAPP_DAILY_RECIPIENTS: z.coerce.number().int().min(1).default(250),
  WHATSAPP_UNKNOWN_OUTCOME_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(7 * 86_400)
    .default(600),
  /** Worker threads reading uploaded slips, at most (none while no upload runs). */
  PAYSLIP_READ_THREADS: z.coerce.number().int().min(1).max(8).default(1),
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
  /**
   * The secret JWT_SECRET replaced, during a rotation: what it signed (access tokens) or hashed
   * (refresh tokens, one-time passwords) is still accepted; nothing new uses it. Remove it once the
   * longest of those lifetimes has passed.
   */
  jwtSecretPrevious?: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /**
   * The absolute lifetime of a session (a refresh-token family) in seconds, counted from its
   * sign-in: no refresh after it, however often the tokens were rotated.
   */
  sessionMaxAge: number;
  /**
   * How long a password someone else chose for a person (the CSV import's one-time passwords, an
   * administrator's) signs in, in seconds; then an administrator must issue a new one.
   */
  oneTimePasswordTtl: number;
  adminEmail?: string;
  adminPassword?: string;
  logLevel: string;
  /**
   * Whom Fastify believes about the client's address and protocol: the number of proxies in front
   * of the server, their addresses/CIDRs, or nobody (false).
   */
  trustProxy: false | number | string[];
  /** NODE_ENV is neither `development` nor `test`: a built server, unless told otherwise. */
  production: boolean;
  /**
   * `public`: the API document and its viewer at /api/docs for anyone (development and tests, or
   * API_DOCS=public); `admins`: the document only at /api/admin/openapi.json for administrators.
   */
  apiDocs: 'public' | 'admins';
  /**
   * API requests allowed per client address and minute. Offices behind one address (NAT) or load
   * tests need more than the default.
   */
  apiRateLimit: number;
  /** Person lookups (search by name, find by phone) allowed per signed-in user and minute: the directory is not for paging through. */
  lookupRateLimit: number;
  /** How long lists and the dashboard may serve a kept answer when nothing has changed (0: never). */
  answerCacheSeconds: number;
  /** How long the guard may reuse what it read of a signed-in person (at most 5 s; 0: read every request). */
  actorCacheSeconds: number;
  trashRetentionDays: number;
  /** Connection timeouts, in milliseconds: nobody holds a connection open by sending slowly or not at all. */
  timeouts: { idleMs: number; headersMs: number; requestMs: number; keepAliveMs: number };
  /** Whether the web server works jobs itself (false when `npm run worker` works them apart). */
  runJobs: boolean;
  /**
   * Backups: where archives go (never inside DATA_DIR), the cron of the scheduled backup in the
   * force's time zone (null: none) and how many archives it keeps.
   */
  backup: { dir: string; schedule: string | null; keep: number };
  /**
   * Payslip PDFs: the Chromium executable (CHROMIUM_PATH), the pages rendering at once in this
   * process, one slip's time limit, and a Noto Devanagari font file to inline instead of the bundled one.
   */
  renderer: { chromiumPath: string; pages: number; timeoutMs: number; fontPath?: string };
  /** Uploaded slips are read off the request thread, in at most this many worker threads (PAYSLIP_READ_THREADS). */
  slipReaders: {
    threads: number;
    /** A batch's time limit (tests shorten it); payslips.read-pool.ts's SLIP_BATCH_READ_MS otherwise. */ readTimeoutMs?: number;
  };
  /** The built web app served at `/`; absent in API-only tests. */
  webDist?: string;
  /** PostgreSQL settings of the embedded database besides db/client.ts's own (`name=value`). */
  pgliteSettings: string[];
  /** argon2id cost; tests lower it, production keeps the OWASP figures. */
  passwordHash: { memoryCost: number; timeCost: number };
  /** WhatsApp delivery (modules/whatsapp/whatsapp.provider.ts). */
  whatsapp: WhatsappConfig;
  /**
   * Who may read the Prometheus metrics: a bearer token, socket peers (addresses or CIDRs), and the
   * worker's own port on loopback (absent: the worker serves none).
   */
  metrics: { token?: string; allow: string[]; port?: number };
}

export class ConfigError extends Error {}

/** Reads the environment; a bad value stops the server with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in most shells' .env files.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = ZEnvironment.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV !== 'development' && e.NODE_ENV !== 'test';
  if (!e.RUN_JOBS && e.DATABASE_URL === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  RUN_JOBS: false needs DATABASE_URL (then `npm run worker` works the jobs); on the embedded database no other process can, so jobs would never run',
    );
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL, ADMIN_PASSWORD: set both or neither');
  }
  const whatsapp = whatsappConfigOf(e);
  // npm workspace scripts run in the workspace folder; a relative DATA_DIR means where npm was started.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  const backupDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.BACKUP_DIR);
  if (isInside(backupDir, dataDir)) {
    throw new ConfigError(
      `Invalid configuration:\n  BACKUP_DIR: ${backupDir} is inside DATA_DIR (${dataDir}); archives are kept apart from what they protect, so removing or restoring DATA_DIR never touches them`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    jwtSecretPrevious: e.JWT_SECRET_PREVIOUS,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    sessionMaxAge: e.SESSION_MAX_AGE,
    oneTimePasswordTtl: e.ONE_TIME_PASSWORD_TTL,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    production,
    apiDocs: e.API_DOCS ?? (production ? 'admins' : 'public'),
    apiRateLimit: e.API_RATE_LIMIT,
    lookupRateLimit: e.LOOKUP_RATE_LIMIT,
    answerCacheSeconds: e.ANSWER_CACHE_SECONDS,
    actorCacheSeconds: e.ACTOR_CACHE_SECONDS,
    trashRetentionDays: e.TRASH_RETENTION_DAYS,
    timeouts: {
      idleMs: e.IDLE_TIMEOUT_SECONDS * 1000,
      headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    runJobs: e.RUN_JOBS,
    backup: { dir: backupDir, schedule: e.BACKUP_SCHEDULE, keep: e.BACKUP_KEEP },
    renderer: {
      chromiumPath: e.CHROMIUM_PATH,
      pages: e.PAYSLIP_RENDER_PAGES,
      timeoutMs: e.PAYSLIP_RENDER_TIMEOUT_SECONDS * 1000,
      ...(e.PAYSLIP_FONT_PATH === undefined
        ? {}
        : { fontPath: path.resolve(env.INIT_CWD ?? process.cwd(), e.PAYSLIP_FONT_PATH) }),
    },
    slipReaders: { threads: e.PAYSLIP_READ_THREADS },
    webDist: e.WEB_DIST,
    pgliteSettings: e.PGLITE_SETTINGS,
    passwordHash: { memoryCost: 19_456, timeCost: 2 },
    whatsapp,
    metrics: {
      allow: e.METRICS_ALLOW,
      ...(e.METRICS_TOKEN === undefined ? {} : { token: e.METRICS_TOKEN }),
      ...(e.METRICS_PORT === undefined ? {} : { port: e.METRICS_PORT }),
    },
  };
}

/** The Cloud API's settings every `cloud` start needs: a missing one stops it, named. */
const WHATSAPP_CLOUD_REQUIRED = [
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
  'WHATSAPP_PAYSLIP_TEMPLATE',
  'WHATSAPP_AUTH_TEMPLATE',
] as const;

function whatsappConfigOf(e: z.infer<typeof ZEnvironment>): WhatsappConfig {
  if (e.WHATSAPP_PROVIDER === 'cloud') {
    const missing = WHATSAPP_CLOUD_REQUIRED.filter((name) => e[name] === undefined);
    if (missing.length > 0)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: required with WHATSAPP_PROVIDER=cloud`).join('\n')}`,
      );
  }
  return {
    provider: e.WHATSAPP_PROVIDER,
    graphUrl: e.WHATSAPP_GRAPH_URL.replace(/\/+$/, ''),
    graphVersion: e.WHATSAPP_GRAPH_VERSION,
    phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID ?? '',
    accessToken: e.WHATSAPP_ACCESS_TOKEN ?? '',
    appSecret: e.WHATSAPP_APP_SECRET ?? '',
    verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? '',
    payslipTemplate: e.WHATSAPP_PAYSLIP_TEMPLATE ?? '',
    authTemplate: e.WHATSAPP_AUTH_TEMPLATE ?? '',
    businessAccountId: e.WHATSAPP_BUSINESS_ACCOUNT_ID ?? '',
    messagesPerSecond: e.WHATSAPP_MESSAGES_PER_SECOND,
    dailyRecipients: e.WHATSAPP_DAILY_RECIPIENTS,
    unknownOutcomeSeconds: e.WHATSAPP_UNKNOWN_OUTCOME_SECONDS,
  };
}
