import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { registerApiNotFound, sendRouteNotFound } from './error-handler.js';

/**
 * Serves the built web app at `/` (one process in production). Hashed assets are cached for a
 * year; any other GET outside /api gets index.html so the client router can show the page or its 404.
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
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' || pathname.startsWith('/api/') || pathname === '/api') {
      return sendRouteNotFound(request, reply);
    }
    void reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
