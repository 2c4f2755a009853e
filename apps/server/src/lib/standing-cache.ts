import type { Executor } from '../db/client.js';
import type { ChangeFeed } from './change-feed.js';
import { clock } from './clock.js';

/**
 * What the request guard read of a person (role, company, grants, designation's approval role,
 * active, session version, sessions ended lately), kept for at most `seconds` so that a screen
 * polling every few seconds does not cost a query each time. A change of any of it (`changed`)
 * forgets it at once on this instance and, when the transaction commits, on every other one through
 * the change feed. 0 keeps nothing: every request reads the database.
 */
export interface StandingCache<T> {
  get(userId: number, load: () => Promise<T | undefined>): Promise<T | undefined>;
  /** Call in the transaction of the change: a person's standing, or everybody's (`'all'`, a designation's approval role). */
  changed(executor: Executor, userId: number | 'all'): Promise<void>;
}

const MAX_KEPT = 50_000;

export function createStandingCache<T>(options: {
  seconds: number;
  changes: Pick<ChangeFeed, 'publish' | 'on' | 'onReconnect'>;
}): StandingCache<T> {
  const lifetimeMs = options.seconds * 1000;
  const kept = new Map<number, { value: T | undefined; expires: number }>();
  // Counted forgettings: a read that began before one may not keep what it read.
  let everybody = 0;
  const forgotten = new Map<number, number>();
  const stamp = (userId: number) => `${everybody}:${forgotten.get(userId) ?? 0}`;
  const forget = (userId: number | 'all' | undefined) => {
    if (userId === undefined || userId === 'all') {
      everybody += 1;
      kept.clear();
      forgotten.clear();
    } else {
      forgotten.set(userId, (forgotten.get(userId) ?? 0) + 1);
      kept.delete(userId);
    }
  };
  options.changes.on('standing_changed', (message) => forget(message.userId));
  // Messages sent while the feed was away are lost: start afresh.
  options.changes.onReconnect(() => kept.clear());

  return {
    async get(userId, load) {
      if (lifetimeMs <= 0) return load();
      const now = clock.now().getTime();
      const entry = kept.get(userId);
      if (entry && entry.expires > now) return entry.value;
      const before = stamp(userId);
      const value = await load();
      if (stamp(userId) !== before) return value;
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(userId, { value, expires: now + lifetimeMs });
      return value;
    },
    async changed(executor, userId) {
      // Forgotten now (a request racing the commit may read the old standing again: the message,
      // delivered to this instance too once the transaction commits, forgets it once more).
      forget(userId);
      await options.changes.publish(
        executor,
        userId === 'all' ? { type: 'standing_changed' } : { type: 'standing_changed', userId },
      );
    },
  };
}
