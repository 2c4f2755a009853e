import { describe, expect, it } from 'vitest';
import type { ChangeMessage } from './change-feed.js';
import { createStandingCache } from './standing-cache.js';

/** A feed that hands every published message to its subscribers at once, as on commit. */
function localFeed() {
  const handlers: ((message: ChangeMessage) => unknown)[] = [];
  return {
    publish: async (_executor: unknown, message: ChangeMessage) => void handlers.forEach((handler) => handler(message)),
    on: (_type: string, handler: (message: ChangeMessage) => unknown) => {
      handlers.push(handler);
      return () => undefined;
    },
    onReconnect: () => () => undefined,
  };
}

describe('the standing cache', () => {
  it('keeps a read, forgets it on a change, and never keeps a read that began before the change', async () => {
    const feed = localFeed();
    const cache = createStandingCache<string>({ seconds: 5, changes: feed as never });
    let role = 'admin';
    let loads = 0;
    const load = async () => {
      loads += 1;
      return role;
    };
    expect(await cache.get(1, load)).toBe('admin');
    expect(await cache.get(1, load)).toBe('admin');
    expect(loads).toBe(1);

    // A read under way while a change commits: its old answer is handed out once, not kept.
    await cache.changed(null as never, 1);
    const slow = await cache.get(1, async () => {
      const read = role;
      role = 'viewer';
      await cache.changed(null as never, 1);
      return read;
    });
    expect(slow).toBe('admin');
    expect(await cache.get(1, load)).toBe('viewer');

    await cache.changed(null as never, 'all');
    role = 'officer';
    expect(await cache.get(1, load)).toBe('officer');
  });
});
