import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTimeouts } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** The reliability issue: nobody holds a connection open by sending slowly or not at all. */

describe('the default timeouts', () => {
  it('close a stalled body within 60 s and slow headers within 60 s counting the checking interval, while a whole upload may take 15 minutes', () => {
    const { timeouts } = loadConfig({ NODE_ENV: 'test' });
    const options = serverTimeouts(timeouts);
    expect(options.connectionTimeout).toBeLessThanOrEqual(60_000);
    expect(options.http.headersTimeout + options.http.connectionsCheckingInterval).toBeLessThanOrEqual(60_000);
    expect(options.requestTimeout).toBe(900_000);
    expect(options.keepAliveTimeout).toBe(5_000);
  });

  it('are configurable, and refuse what is not a number of seconds', () => {
    expect(loadConfig({ IDLE_TIMEOUT_SECONDS: '12', HEADERS_TIMEOUT_SECONDS: '8' }).timeouts).toMatchObject({
      idleMs: 12_000,
      headersMs: 8_000,
    });
    expect(() => loadConfig({ IDLE_TIMEOUT_SECONDS: 'soon' })).toThrow(/IDLE_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '0' })).toThrow(/HEADERS_TIMEOUT_SECONDS/);
  });
});

describe('slow connections on a listening server', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ timeouts: { idleMs: 1_000, headersMs: 1_000, requestMs: 20_000, keepAliveMs: 1_000 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Opens a connection, writes `text`, and resolves with the moment the server closed it. */
  function holdOpen(text: string): { closed: Promise<number> } {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('error', () => undefined);
    socket.resume();
    return { closed: new Promise((resolve) => socket.on('close', () => resolve(Date.now()))) };
  }

  it('closes connections whose body or headers stall, and keeps answering meanwhile', async () => {
    const started = Date.now();
    const stalledBodies = Array.from({ length: 10 }, () =>
      holdOpen(
        'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
      ),
    );
    const stalledHeaders = Array.from({ length: 10 }, () =>
      holdOpen('GET /api/health/live HTTP/1.1\r\nHost: localhost\r\nX-Slow: '),
    );

    // The server answers others while those hang.
    const live = await fetch(`http://127.0.0.1:${port}/api/health/live`);
    expect(live.status).toBe(200);

    const closedAt = await Promise.all([...stalledBodies, ...stalledHeaders].map((connection) => connection.closed));
    // Closed by the server's timeouts (1 s here, checked every 0.5 s), long before the 20 s whole-request limit.
    for (const moment of closedAt) expect(moment - started).toBeLessThan(10_000);
    expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(200);
  });
});
