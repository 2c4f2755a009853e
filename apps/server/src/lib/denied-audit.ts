import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../db/client.js';
import { createLimitedAudit } from './audit-limiter.js';

/**
 * Writes an `access.denied` audit row for an API request refused with 401 or 403: at most one a
 * minute per person (or, signed out, per address) and route, so a client retrying in a loop cannot
 * flood the log; the next row counts the ones left out (`details.repeated`). Sign-in, refresh and
 * sign-out are left out: they audit each attempt themselves.
 */
export const deniedRequestsAudit = fp(async (app: FastifyInstance, options: { db: Executor; now: () => Date }) => {
  const deniedAudit = createLimitedAudit(options.now);

  // onSend, before the answer leaves: the row is written by the time the client reads the refusal.
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    const route = request.routeOptions.url;
    if ((status !== 401 && status !== 403) || route === undefined || route.startsWith('/api/auth/')) return payload;
    const who = request.auth?.userId !== undefined ? `user:${request.auth.userId}` : `ip:${request.ip}`;
    try {
      await deniedAudit.write(options.db, `${who}|${request.method} ${route}`, {
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
