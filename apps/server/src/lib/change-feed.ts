import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { DatabaseHandle, Executor } from '../db/client.js';

/** The one channel every instance listens on (a constant: LISTEN takes no parameters). */
export const CHANGE_CHANNEL = 'srpf_changes';
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more.
const MAX_PAYLOAD_BYTES = 7999;

const changeMessage = z.discriminatedUnion('type', [
  /** What the guard reads of a person changed (lib/standing-cache.ts), an ended session included; without userId, of everybody. */
  z.object({ type: z.literal('standing_changed'), userId: z.number().int().positive().optional() }),
  /** Kept answers (lib/answer-cache.ts) are stale everywhere. */
  z.object({ type: z.literal('answers_cleared') }),
]);

/** What must reach every server instance, not only the one that made the change. */
export type ChangeMessage = z.infer<typeof changeMessage>;
export type ChangeType = ChangeMessage['type'];
export type ChangeOf<T extends ChangeType> = Extract<ChangeMessage, { type: T }>;

/**
 * Sends a message to every instance, this one included. Through a transaction it goes out only if
 * and when the transaction commits (PostgreSQL holds a transaction's notifications until then), so
 * pass the transaction of the change the message announces.
 */
export async function publishChange(executor: Executor, message: ChangeMessage): Promise<void> {
  const payload = JSON.stringify(changeMessage.parse(message));
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`change message too long (${message.type})`);
  await executor.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);
}

export interface ChangeFeed {
  publish(executor: Executor, message: ChangeMessage): Promise<void>;
  /** Every message; returns the unsubscribe function. */
  subscribe(handler: (message: ChangeMessage) => unknown): () => void;
  /** Messages of one type; returns the unsubscribe function. */
  on<T extends ChangeType>(type: T, handler: (message: ChangeOf<T>) => unknown): () => void;
  /**
   * Called after the listening connection was lost and is back: messages sent in between are gone,
   * so whoever keeps state from them should start afresh (drop caches, reload).
   */
  onReconnect(handler: () => unknown): () => void;
  /** Resolves once this instance listens: from then on it receives every message committed. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface ChangeFeedOptions {
  database: DatabaseHandle;
  logger: Logger;
  /** First wait before reconnecting (doubled up to 30 s while the server stays away). Default 1000. */
  reconnectDelayMs?: number;
  /** How often the PostgreSQL listener checks that its connection still answers. Default 30 s. */
  heartbeatMs?: number;
}

interface Listener {
  close(): Promise<void>;
}

/**
 * LISTEN/NOTIFY on one channel with typed messages. On PostgreSQL one dedicated connection listens
 * and is replaced when it drops; on PGlite, which is in this process, the database's own listener
 * delivers the same pg_notify calls.
 */
export function createChangeFeed({
  database,
  logger: parentLogger,
  reconnectDelayMs = 1000,
  heartbeatMs = 30_000,
}: ChangeFeedOptions): ChangeFeed {
  const logger = parentLogger.child({ component: 'change-feed' });
  const subscribers = new Set<(message: ChangeMessage) => unknown>();
  const reconnectHandlers = new Set<() => unknown>();
  let listener: Listener | null = null;

  // Handlers run after the notification callback has returned (PGlite calls it while it holds the
  // database), and one handler's failure neither stops the others nor reaches the listener.
  const run = (handler: () => unknown) =>
    void Promise.resolve()
      .then(handler)
      .catch((error: unknown) => logger.error({ err: error }, 'change handler failed'));

  function deliver(payload: string) {
    let parsed: ReturnType<typeof changeMessage.safeParse>;
    try {
      parsed = changeMessage.safeParse(JSON.parse(payload));
    } catch {
      logger.warn({ payload: payload.slice(0, 200) }, 'malformed change message ignored');
      return;
    }
    if (!parsed.success) {
      logger.warn({ payload: payload.slice(0, 200) }, 'malformed change message ignored');
      return;
    }
    const message = parsed.data;
    for (const subscriber of subscribers) run(() => subscriber(message));
  }

  const reconnected = () => {
    for (const handler of reconnectHandlers) run(handler);
  };

  return {
    publish: publishChange,
    subscribe(handler) {
      subscribers.add(handler);
      return () => subscribers.delete(handler);
    },
    on(type, handler) {
      const filtered = (message: ChangeMessage) =>
        message.type === type ? handler(message as ChangeOf<typeof type>) : undefined;
      subscribers.add(filtered);
      return () => subscribers.delete(filtered);
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    async start() {
      if (listener) return;
      listener =
        database.kind === 'pglite'
          ? await listenInProcess(database.pglite, deliver)
          : await listenOnServer(database.connectionString, {
              deliver,
              reconnected,
              logger,
              reconnectDelayMs,
              heartbeatMs,
            });
    },
    async stop() {
      const current = listener;
      listener = null;
      await current?.close();
    },
  };
}

async function listenInProcess(
  pglite: Extract<DatabaseHandle, { kind: 'pglite' }>['pglite'],
  deliver: (payload: string) => void,
): Promise<Listener> {
  const unlisten = await pglite.listen(CHANGE_CHANNEL, deliver);
  // A database closed first has dropped its listeners; unlistening then would fail inside PGlite.
  return { close: async () => (pglite.closed ? undefined : unlisten()) };
}

/** One pg.Client that only listens, replaced with growing waits whenever it fails or goes quiet. */
async function listenOnServer(
  connectionString: string,
  options: {
    deliver: (payload: string) => void;
    reconnected: () => void;
    logger: Logger;
    reconnectDelayMs: number;
    heartbeatMs: number;
  },
): Promise<Listener> {
  const { deliver, reconnected, logger } = options;
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = options.reconnectDelayMs;

  async function connect(): Promise<void> {
    // query_timeout bounds the heartbeat; keepAlive lets the kernel notice a vanished server too.
    const next = new pg.Client({
      connectionString,
      application_name: 'srpf-change-feed',
      keepAlive: true,
      query_timeout: 5000,
    });
    next.on('notification', (notification) => {
      if (notification.channel === CHANGE_CHANNEL) deliver(notification.payload ?? '');
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'change feed connection failed');
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = options.reconnectDelayMs;
  }

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = null;
    void which.end().catch(() => {});
    if (!stopped) retry();
  }

  function retry() {
    retryTimer = setTimeout(() => {
      connect().then(
        () => {
          if (stopped) return;
          logger.info('change feed listening again');
          reconnected();
        },
        (error: unknown) => {
          logger.warn({ err: error, retryInMs: delay }, 'change feed cannot reconnect yet');
          delay = Math.min(delay * 2, 30_000);
          if (!stopped) retry();
        },
      );
    }, delay);
  }

  await connect();
  const heartbeat = setInterval(() => {
    const current = client;
    current?.query('select 1').catch(() => lost(current));
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    async close() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
