import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** GET /api/metrics (issue 32): Prometheus's text for the token or an allowed peer, the router's 404 for anyone else. */

const TOKEN = 'metrics-token-of-the-force-prometheus-0001';
const SCRAPER = '10.20.0.7';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metrics: { token: TOKEN, allow: ['10.20.0.0/24', '::1'] } });
});
afterAll(() => t.close());

const scrape = (headers: Record<string, string> = {}, remoteAddress = '192.0.2.50') =>
  t.app.inject({ method: 'GET', url: '/api/metrics', headers, remoteAddress });

describe('GET /api/metrics', () => {
  it('answers the token with the process’s series: requests by route pattern, Node’s event loop and heap, the job queue', async () => {
    const asAdmin = await t.as('admin');
    const company = await t.buildCompany();
    expect((await asAdmin({ method: 'GET', url: `/api/companies/${company.id}` })).statusCode).toBe(200);
    expect((await asAdmin({ method: 'GET', url: '/api/companies/999999' })).statusCode).toBe(404);

    const answer = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    expect(answer.headers['cache-control']).toBe('no-store');
    const text = answer.body;
    // The route's pattern, never the raw path with its id.
    expect(text).toMatch(/^srpf_http_requests_total\{route="\/api\/companies\/:id",method="GET",status="200"\} 1$/m);
    expect(text).toMatch(/^srpf_http_requests_total\{route="\/api\/companies\/:id",method="GET",status="404"\} 1$/m);
    expect(text).not.toContain(`/api/companies/${company.id}"`);
    expect(text).toMatch(/^srpf_http_request_duration_seconds_count\{route="\/api\/companies\/:id",method="GET"\} 2$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(text).toContain('# TYPE srpf_jobs_waiting gauge');
    expect(text).toContain('# TYPE srpf_payslip_pdfs_rendered_total counter');
    expect(text).toContain('# TYPE srpf_whatsapp_messages_total counter');
  });

  it('is the router’s 404 without the token, with a wrong one, and for a signed-in administrator', async () => {
    // The same answer as a route that does not exist (its message names the path asked for).
    const unknownRoute = (
      await t.app.inject({ method: 'GET', url: '/api/no-such-route', remoteAddress: '192.0.2.50' })
    ).json<{ error: { message: string } }>();
    const tries: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-token' }, { authorization: TOKEN }];
    for (const headers of tries) {
      const answer = await scrape(headers);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({
        ...unknownRoute,
        error: {
          ...unknownRoute.error,
          message: unknownRoute.error.message.replace('/api/no-such-route', '/api/metrics'),
        },
      });
    }
    const asAdmin = await t.as('admin');
    expect((await asAdmin({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
  });

  it('answers an allowed peer without a token, but not when the request was forwarded to it', async () => {
    expect((await scrape({}, SCRAPER)).statusCode).toBe(200);
    expect((await scrape({}, '::1')).statusCode).toBe(200);
    // An IPv4 peer of a dual-stack socket.
    expect((await scrape({}, `::ffff:${SCRAPER}`)).statusCode).toBe(200);
    expect((await scrape({}, '10.20.1.7')).statusCode).toBe(404);
    expect((await scrape({ 'x-forwarded-for': '203.0.113.9' }, SCRAPER)).statusCode).toBe(404);
    for (const header of ['forwarded', 'x-forwarded-host', 'x-real-ip', 'true-client-ip', 'cf-connecting-ip'])
      expect((await scrape({ [header]: '203.0.113.9' }, SCRAPER)).statusCode).toBe(404);
  });

  it('is 404 for everyone when neither a token nor an address is configured', async () => {
    const closed = await createTestApp();
    try {
      const answer = await closed.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '127.0.0.1' });
      expect(answer.statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });
});
