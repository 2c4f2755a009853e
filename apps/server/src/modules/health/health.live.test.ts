import { connect, type AddressInfo } from 'node:net';
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
    answerWhileClosing.then(
      () => done(),
      () => done(),
    );
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

/** Sends raw bytes (which `fetch` would refuse to send) and answers the status of the reply. */
function rawRequest(bytes: string): Promise<{ status: number }> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1]) }));
    socket.on('error', reject);
  });
}

/** The headers of an answer, less those of the connection, the clock and the length (the uptime may gain a digit between two answers). */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length']);
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

  it('runs on a server set up as Fastify sets up its own: keep-alive and request timeouts, client errors answered', () => {
    const { server } = t.app;
    expect(server.keepAliveTimeout).toBe(72_000);
    expect(server.requestTimeout).toBe(0);
    expect(server.timeout).toBe(0);
    expect(server.listenerCount('clientError')).toBe(1);
  });

  it('answers a malformed request with 400, as Fastify does', async () => {
    const { status } = await rawRequest('GET /api/health/live HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
    expect(status).toBe(400);
  });

  // Closes the app: keep it last.
  it('answers 503 once the server is closing, so load balancers stop sending', async () => {
    await t.app.close();
    const response = await answerWhileClosing!;
    expect(response.status).toBe(503);
    expect(response.headers.get('connection')).toBe('close');
  });
});
