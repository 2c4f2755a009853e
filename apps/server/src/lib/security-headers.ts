import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

type HelmetOptions = NonNullable<Parameters<typeof helmet>[0]>;

const DIRECTIVES = {
  defaultSrc: ["'self'"],
  // react-hot-toast injects its styles at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'self'", 'blob:'],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * The Content-Security-Policy and the other helmet headers of every page and asset. Scripts come
 * from the app's own files, plus the inline scripts the web build lists by their SHA-256
 * (`scriptHashes`: the first-paint script and the sign-in page's language picker); no other
 * inline script runs.
 */
export function helmetOptions(scriptHashes: readonly string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: { directives: { ...DIRECTIVES, scriptSrc: ["'self'", ...scriptHashes] } },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Asks helmet once, at start-up, which headers it sets, then sets that fixed list on every reply.
 * (@fastify/helmet rebuilds helmet and re-parses the policy on every request: a third of the cost
 * of a health check.)
 */
export function helmetHeaders(options: HelmetOptions = helmetOptions()): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet failed', { cause: error });
  });
  return headers;
}

/**
 * API answers are data (JSON, PDF files), never pages a browser renders: they carry the short set the
 * OWASP REST Security Cheat Sheet recommends, with a policy that lets nothing load or frame them, and
 * no caching of personal data. Pages and assets of the web app (and the API explorer, which sets
 * its own policy) carry helmet's full set above.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * The security headers on every reply, and the request id (which a person quotes to find the
 * request's log line) on every reply but health checks: a poll writes no log line, so its id would
 * name nothing, and leaving it out saves a tenth of a poll's cost (docs/PERFORMANCE.md).
 */
export function registerSecurityHeaders(app: FastifyInstance, scriptHashes: readonly string[] = []): void {
  const pageHeaders = helmetHeaders(helmetOptions(scriptHashes));
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    void reply.headers(isApiAnswer(url) ? API_HEADERS : pageHeaders);
    if (!url.startsWith('/api/health/')) void reply.header('x-request-id', request.id);
    done();
  });
}
