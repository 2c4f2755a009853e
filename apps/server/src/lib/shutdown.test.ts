import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { gracefulShutdown } from './shutdown.js';

let t: TestApp;
let baseUrl: string;
const events: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // A request that takes a while, to be under way when the signal comes.
  t.app.get('/api/health/slow-for-test', { config: { access: 'public' } }, async () => {
    await delay(300);
    events.push('slow request answered');
    return { done: true };
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.app.close());

describe('graceful shutdown on SIGTERM', () => {
  it('finishes the request under way, then closes the database and exits 0; a second signal changes nothing', async () => {
    const exits: number[] = [];
    const database = {
      close: async () => {
        events.push('database closed');
        await t.database.close();
      },
    };
    const shutdown = gracefulShutdown(t.app, database, (code) => exits.push(code));

    const underWay = fetch(`${baseUrl}/api/health/slow-for-test`);
    await delay(50);
    const stopping = shutdown('SIGTERM');
    void shutdown('SIGTERM');

    const response = await underWay;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await stopping;
    expect(events).toEqual(['slow request answered', 'database closed']);
    expect(exits).toEqual([0]);
    await expect(fetch(`${baseUrl}/api/health/live`)).rejects.toThrow();
  });

  it('exits 1 when closing fails', async () => {
    const exits: number[] = [];
    const failing = { close: async () => Promise.reject(new Error('disk gone')) };
    const other = await createTestApp();
    await gracefulShutdown(other.app, failing, (code) => exits.push(code))('SIGINT');
    expect(exits).toEqual([1]);
    await other.database.close();
  });
});
