import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { registerApiNotFound, sendRouteNotFound } from './error-handler.js';

/** The sign-in page's paths: served pre-rendered (apps/web/scripts/prerender.mjs). */
export const LOGIN_PATHS = ['/login', '/srpf-login'] as const;

/**
 * The CSP sources of the built pages' inline scripts (`'sha256-…'`), which the web build computes
 * and writes beside them (dist/script-hashes.json): the first-paint script of every page and the
 * sign-in page's language picker. None without a built web app.
 */
export function readScriptHashes(webDist: string | undefined): string[] {
  const file = webDist ? path.join(webDist, 'script-hashes.json') : undefined;
  if (!file || !existsSync(file)) return [];
  const { scriptSrc } = JSON.parse(readFileSync(file, 'utf8')) as { scriptSrc?: unknown };
  if (
    !Array.isArray(scriptSrc) ||
    !scriptSrc.every((source) => typeof source === 'string' && /^'sha256-[A-Za-z0-9+/]{43}='$/.test(source))
  ) {
    throw new Error(`${file} must list the inline scripts' hashes as 'sha256-…' sources`);
  }
  return scriptSrc as string[];
}

/**
 * Serves the built web app at `/` (one process in production). Hashed assets are cached for a
 * year; /login and /srpf-login get the pre-rendered sign-in page (login.html), any other GET outside
 * /api gets index.html so the client router can show the page or its 404. Text files go out
 * brotli- or gzip-compressed when the browser accepts it (the build writes the compressed copies).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  if (!webDist || !indexFile || !existsSync(indexFile)) {
    registerApiNotFound(app);
    return;
  }
  await app.register(fastifyStatic, {
    root: path.resolve(webDist),
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // login.html loads its scripts from an inline script the CSP allows by its hash: without the
  // build's hashes it would stay a page that never comes alive, so index.html serves instead.
  const loginPage =
    existsSync(path.join(webDist, 'login.html')) && readScriptHashes(webDist).length > 0 ? 'login.html' : 'index.html';
  for (const url of LOGIN_PATHS) {
    // A page, not part of the API: kept out of the OpenAPI document.
    app.get(url, { schema: { hide: true } }, (_request, reply) => reply.sendFile(loginPage));
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' || pathname.startsWith('/api/') || pathname === '/api') {
      return sendRouteNotFound(request, reply);
    }
    void reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
