import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../db/client.js';
import type { ChangeFeed } from './change-feed.js';
import { today } from './clock.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer may be served again, for the same user and address, until anything changes: the
     * lists and the dashboard, polled every 30 s by every open screen.
     */
    cacheAnswer?: boolean;
    /**
     * Its success clears no kept answers: Meta's WhatsApp callbacks (several per message sent) would
     * otherwise empty the cache all day; what they change shows within `seconds`.
     */
    clearsNoAnswers?: boolean;
  }
  interface FastifyRequest {
    /** Set on a request that computes an answer to keep: its key, and how to hand the answer to those waiting. */
    answerToKeep?: { key: string; share: (payload: string | null) => void };
  }
}

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface AnswerCacheOptions {
  seconds: number;
  maxCharacters?: number;
  /** Where a change is announced to the other server instances, so they drop their kept answers too. */
  feed?: { changes: Pick<ChangeFeed, 'publish' | 'on' | 'onReconnect'>; db: Executor };
}

/**
 * Short-lived answers of read-heavy GET routes (`config.cacheAnswer`), kept in each process. Any
 * successful change through the API — a POST, PUT, PATCH or DELETE answered below 400 — starts a new
 * generation before its answer leaves, so nobody reads an answer older than their own change; the
 * change feed tells the other instances, which drop theirs within a moment. `seconds` bounds how
 * long a kept answer can lag behind time itself (today's date is part of the key) or a change made
 * outside the API. 0 turns it off.
 */
export const answerCache = fp(async (app: FastifyInstance, options: AnswerCacheOptions) => {
  if (options.seconds <= 0) return;
  const lifetimeMs = options.seconds * 1000;
  // A bound on memory: the oldest answers go first past it (a Map keeps insertion order).
  const maxCharacters = options.maxCharacters ?? 16 * 1024 * 1024;
  const answers = new Map<string, { expires: number; payload: string }>();
  let keptCharacters = 0;
  const forget = (key: string) => {
    const kept = answers.get(key);
    if (!kept) return;
    keptCharacters -= kept.payload.length;
    answers.delete(key);
  };
  let generation = 0;
  const clear = () => {
    generation += 1;
    answers.clear();
    keptCharacters = 0;
  };
  const feed = options.feed;
  if (feed) {
    const unsubscribe = feed.changes.on('answers_cleared', clear);
    // Announcements sent while the feed was away are lost: start afresh.
    const unsubscribeReconnect = feed.changes.onReconnect(clear);
    app.addHook('onClose', async () => {
      unsubscribe();
      unsubscribeReconnect();
    });
  }

  // Requests asking for an answer being computed wait for it instead of computing it again (a burst
  // of polls when an answer expires, or after a change).
  const computing = new Map<string, Promise<string | null>>();

  const keyOf = (request: FastifyRequest) =>
    `${generation}|${request.auth?.userId}|${request.auth?.role}|${today()}|${request.url}`;
  const sendKept = (reply: FastifyReply, payload: string) =>
    void reply.type('application/json; charset=utf-8').send(payload);

  app.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'GET' || !request.routeOptions.config.cacheAnswer || !request.auth) return done();
    const key = keyOf(request);
    const kept = answers.get(key);
    if (kept && kept.expires > Date.now()) return sendKept(reply, kept.payload);
    if (kept) forget(key);
    const pending = computing.get(key);
    if (pending) {
      void pending.then((payload) => (payload === null ? done() : sendKept(reply, payload)));
      return;
    }
    let share: (payload: string | null) => void = () => {};
    computing.set(key, new Promise((resolve) => (share = resolve)));
    request.answerToKeep = { key, share };
    done();
  });

  /** Ends a computation: keeps a good answer and hands it (or null: compute it yourselves) to those waiting. */
  function settle(request: FastifyRequest, payload: string | null): void {
    const toKeep = request.answerToKeep;
    if (!toKeep) return;
    request.answerToKeep = undefined;
    computing.delete(toKeep.key);
    // An answer computed across a change is handed to those waiting with it, but not kept.
    const current = toKeep.key.startsWith(`${generation}|`);
    if (payload !== null && current && payload.length <= maxCharacters) {
      forget(toKeep.key);
      while (keptCharacters + payload.length > maxCharacters) forget(answers.keys().next().value!);
      answers.set(toKeep.key, { expires: Date.now() + lifetimeMs, payload });
      keptCharacters += payload.length;
    }
    toKeep.share(payload);
  }

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.answerToKeep) {
      settle(request, reply.statusCode === 200 && typeof payload === 'string' ? payload : null);
    } else if (
      MUTATING_METHODS.has(request.method) &&
      reply.statusCode < 400 &&
      !request.url.startsWith('/api/auth/') &&
      !request.routeOptions.config.clearsNoAnswers
    ) {
      // Signing in, refreshing and signing out change no data; every other change does.
      clear();
      // The other instances hear of it before this answer leaves, so a client's next read elsewhere
      // is not older than its own change. A lost announcement costs at most `seconds` of lag.
      if (feed)
        await feed.changes
          .publish(feed.db, { type: 'answers_cleared' })
          .catch((error: unknown) => request.log.warn({ err: error }, 'could not announce the change'));
    }
    return payload;
  });
  // A computation that ends without an answer (the client went away) must not leave others waiting.
  app.addHook('onResponse', (request, _reply, done) => {
    settle(request, null);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    settle(request, null);
    done();
  });
});
