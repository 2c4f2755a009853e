import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../db/client.js';
import { openTestDatabase } from '../test/test-database.js';
import { createChangeFeed, CHANGE_CHANNEL, type ChangeFeed, type ChangeMessage } from './change-feed.js';
import { createLogger } from './logger.js';

let database: DatabaseHandle;
let feed: ChangeFeed;
const received: ChangeMessage[] = [];
const logLines: string[] = [];
const cleanups: (() => Promise<void>)[] = [];

const logger = createLogger(
  'warn',
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  }),
);

beforeAll(async () => {
  database = await openTestDatabase();
  feed = createChangeFeed({ database, logger, reconnectDelayMs: 100 });
  feed.subscribe((message) => void received.push(message));
  await feed.start();
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await feed?.stop();
  await database?.close();
});

/** Resolves with the first message `accept` takes, from a feed's own subscription. */
function next(from: ChangeFeed, accept: (message: ChangeMessage) => boolean, timeoutMs = 5000): Promise<ChangeMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no matching message within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = from.subscribe((message) => {
      if (!accept(message)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(message);
    });
  });
}

const changedFor = (userId: number) => (message: ChangeMessage) =>
  message.type === 'standing_changed' && message.userId === userId;

describe('change feed', () => {
  it('delivers what a transaction published once it commits, and nothing of a rolled-back one', async () => {
    const committed = next(feed, changedFor(2));
    await expect(
      database.db.transaction(async (tx) => {
        await feed.publish(tx, { type: 'standing_changed', userId: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await database.db.transaction(async (tx) => {
      await feed.publish(tx, { type: 'standing_changed', userId: 2 });
      // Not before the commit: the listener has nothing yet.
      expect(received.some(changedFor(2))).toBe(false);
    });
    expect(await committed).toEqual({ type: 'standing_changed', userId: 2 });

    // Notifications arrive in commit order, so once a later one is here the rolled-back one never comes.
    const marker = next(feed, changedFor(3));
    await feed.publish(database.db, { type: 'standing_changed', userId: 3 });
    await marker;
    expect(received.some(changedFor(1))).toBe(false);
  });

  it('hands subscribers of one type only that type', async () => {
    const cleared: ChangeMessage[] = [];
    const unsubscribe = feed.on('answers_cleared', (message) => void cleared.push(message));
    const marker = next(feed, changedFor(4));
    await feed.publish(database.db, { type: 'answers_cleared' });
    await feed.publish(database.db, { type: 'standing_changed', userId: 4 });
    await marker;
    unsubscribe();
    expect(cleared).toEqual([{ type: 'answers_cleared' }]);
  });

  it('ignores malformed messages with a log line', async () => {
    const before = received.length;
    const marker = next(feed, changedFor(5));
    await database.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${'not json'})`);
    await database.db.execute(
      sql`select pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify({ type: 'standing_changed', userId: 'admin' })})`,
    );
    await database.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify({ type: 'launch_missiles' })})`);
    await feed.publish(database.db, { type: 'standing_changed', userId: 5 });
    await marker;
    expect(received.slice(before)).toEqual([{ type: 'standing_changed', userId: 5 }]);
    expect(logLines.filter((line) => line.includes('malformed change message ignored'))).toHaveLength(3);
  });

  it('refuses to publish a message of the wrong shape', async () => {
    await expect(feed.publish(database.db, { type: 'standing_changed', userId: -1 })).rejects.toThrow();
  });

  it('reaches every instance, the sender included, within a second', async () => {
    // On PostgreSQL a second instance is a second database handle with a feed of its own. PGlite is
    // opened by one process only, so there the instances are two feeds on the one database.
    const other = database.kind === 'postgres' ? openPostgres(database.connectionString, 1) : database;
    if (other !== database) cleanups.push(() => other.close());
    const otherFeed = createChangeFeed({ database: other, logger });
    await otherFeed.start();
    cleanups.push(() => otherFeed.stop());

    const there = next(otherFeed, changedFor(6), 1000);
    const here = next(feed, changedFor(6), 1000);
    await feed.publish(database.db, { type: 'standing_changed', userId: 6 });
    await expect(there).resolves.toEqual({ type: 'standing_changed', userId: 6 });
    await expect(here).resolves.toBeDefined();

    const back = next(feed, changedFor(7), 1000);
    await otherFeed.publish(other.db, { type: 'standing_changed', userId: 7 });
    await expect(back).resolves.toBeDefined();
  });

  it('keeps listening when its connection is lost, and says so', async () => {
    let reconnects = 0;
    const unsubscribe = feed.onReconnect(() => void reconnects++);
    if (database.kind === 'postgres') {
      // What a server restart or an administrator does to the listening session.
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'srpf-change-feed' and datname = current_database()`,
      );
      await expect.poll(() => reconnects, { timeout: 5000 }).toBe(1);
    } else {
      // In process there is no connection to lose: the embedded database itself delivers.
      expect(reconnects).toBe(0);
    }
    const after = next(feed, changedFor(8));
    await feed.publish(database.db, { type: 'standing_changed', userId: 8 });
    await expect(after).resolves.toBeDefined();
    unsubscribe();
  });

  it('stops delivering once stopped', async () => {
    const quiet = createChangeFeed({ database, logger });
    await quiet.start();
    const heard: ChangeMessage[] = [];
    quiet.subscribe((message) => void heard.push(message));
    await quiet.stop();
    const marker = next(feed, changedFor(9));
    await feed.publish(database.db, { type: 'standing_changed', userId: 9 });
    await marker;
    expect(heard).toEqual([]);
  });
});
