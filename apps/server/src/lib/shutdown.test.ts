import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { gracefulShutdown } from './shutdown.js';

let t: TestApp;
let baseUrl: string;
let databaseClosed = false;
const events: string[] = [];
let answerStarted: () => void = () => undefined;
const started = new Promise<void>((resolve) => (answerStarted = resolve));

beforeAll(async () => {
  t = await createTestApp();
  // A streamed answer (as the dashboard's export is): its head, and keep-alive, go out at once, its
  // end only after the signal has come.
  t.app.get('/api/health/slow-for-test', { config: { access: 'public' } }, async (_request, reply) => {
    async function* body() {
      yield 'first part, ';
      answerStarted();
      await delay(300);
      events.push('slow answer finished');
      yield 'last part';
    }
    return reply.type('text/plain').send(Readable.from(body()));
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.app.close();
  // Dropped on a real PostgreSQL server even when the test stopped before closing it.
  if (!databaseClosed) await t.database.close();
});

describe('graceful shutdown on SIGTERM', () => {
  it('finishes the answer under way, then closes the database and exits 0, without waiting out keep-alive; a second signal changes nothing', async () => {
    const exits: number[] = [];
    const database = {
      close: async () => {
        events.push('database closed');
        databaseClosed = true;
        await t.database.close();
      },
    };
    const shutdown = gracefulShutdown(t.app, database, (code) => exits.push(code));

    const underWay = fetch(`${baseUrl}/api/health/slow-for-test`);
    await started;
    const stopping = shutdown('SIGTERM');
    void shutdown('SIGTERM');

    const response = await underWay;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('first part, last part');
    // Well within the 72 s a kept-alive connection would have held the shutdown.
    await stopping;
    expect(events).toEqual(['slow answer finished', 'database closed']);
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
