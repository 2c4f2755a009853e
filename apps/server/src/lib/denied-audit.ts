import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../db/client.js';
import { audit } from './audit.js';

/** How long one row stands for every refusal of the same person (or address) on the same route. */
const WINDOW_MS = 60_000;
/** Keys remembered at most; past it the oldest go first (a Map keeps insertion order). */
const MAX_KEYS = 10_000;

/**
 * Writes an `access.denied` audit row for an API request refused with 401 or 403: at most one a
 * minute per person (or, signed out, per address) and route, so a client retrying in a loop cannot
 * flood the log. Sign-in, refresh and sign-out are left out: they audit each attempt themselves.
 */
export const deniedRequestsAudit = fp(async (app: FastifyInstance, options: { db: Executor; now: () => Date }) => {
  const lastWritten = new Map<string, number>();

  // onSend, before the answer leaves: the row is written by the time the client reads the refusal.
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    const route = request.routeOptions.url;
    if ((status !== 401 && status !== 403) || route === undefined || route.startsWith('/api/auth/')) return payload;
    const who = request.auth?.userId !== undefined ? `user:${request.auth.userId}` : `ip:${request.ip}`;
    const key = `${who}|${request.method} ${route}`;
    const nowMs = options.now().getTime();
    const last = lastWritten.get(key);
    if (last !== undefined && nowMs - last < WINDOW_MS) return payload;
    lastWritten.delete(key);
    if (lastWritten.size >= MAX_KEYS) lastWritten.delete(lastWritten.keys().next().value!);
    lastWritten.set(key, nowMs);
    try {
      await audit(options.db, {
        actorId: request.auth?.userId ?? null,
        action: 'access.denied',
        entityType: 'route',
        entityId: `${request.method} ${route}`,
        outcome: 'failure',
        ip: request.ip,
        details: { status, url: request.url.split('?')[0] },
      });
    } catch (error) {
      request.log.warn({ err: error }, 'could not audit a denied request');
    }
    return payload;
  });
});
