import type { AddressInfo } from 'node:net';
import { ZHealthLive } from '@srpf/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HEADERS } from '../../lib/security-headers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Over real HTTP: a plain GET of /api/health/live is answered by the server before Fastify, which
// `inject` (used everywhere else) never reaches.
let t: TestApp;
let baseUrl: string;
const fastifyRequests: string[] = [];
let answerWhileClosing: Promise<Response> | undefined;

beforeAll(async () => {
  t = await createTestApp();
  t.app.addHook('onRequest', (request, _reply, done) => {
    fastifyRequests.push(`${request.method} ${request.url}`);
    done();
  });
  // preClose runs once the server is closing but still listening: a probe sent then must be refused.
  t.app.addHook('preClose', (done) => {
    answerWhileClosing = fetch(`${baseUrl}/api/health/live`);
    void answerWhileClosing.finally(done);
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

/** The headers of an answer, less those of the connection and the clock. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive']);
const headersOf = (response: Response) => Object.fromEntries([...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)));

describe('GET /api/health/live over HTTP', () => {
  it('answers ok with the uptime and the API security headers, without going through Fastify', async () => {
    fastifyRequests.length = 0;
    const response = await fetch(`${baseUrl}/api/health/live`);
    expect(response.status).toBe(200);
    const body = ZHealthLive.parse(await response.json());
    expect(body.status).toBe('ok');
    expect(body.uptime).toBeGreaterThanOrEqual(0);
    expect(headersOf(response)).toMatchObject({ ...API_HEADERS, 'content-type': 'application/json; charset=utf-8' });
    expect(response.headers.get('x-request-id')).toBeNull();
    expect(fastifyRequests).toEqual([]);
  });

  it('answers exactly as the Fastify route does (HEAD and URLs with a query go there)', async () => {
    fastifyRequests.length = 0;
    const [direct, routed, head] = await Promise.all([
      fetch(`${baseUrl}/api/health/live`),
      fetch(`${baseUrl}/api/health/live?probe=1`),
      fetch(`${baseUrl}/api/health/live`, { method: 'HEAD' }),
    ]);
    expect([direct.status, routed.status, head.status]).toEqual([200, 200, 200]);
    expect(headersOf(direct)).toEqual(headersOf(routed));
    expect(headersOf(head)).toEqual(headersOf(direct));
    expect(Object.keys(await direct.json())).toEqual(Object.keys(await routed.json()));
    expect(fastifyRequests.sort()).toEqual(['GET /api/health/live?probe=1', 'HEAD /api/health/live']);
  });

  it('leaves other methods to Fastify: a POST is a 404 in the error envelope', async () => {
    const response = await fetch(`${baseUrl}/api/health/live`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('answers 503 once the server is closing, so load balancers stop sending', async () => {
    await t.app.close();
    const response = await answerWhileClosing!;
    expect(response.status).toBe(503);
    expect(response.headers.get('connection')).toBe('close');
  });
});
