import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * TRUST_PROXY: the client's address (the audit log, the per-address throttles, the rate limit) and
 * protocol (the cookies' Secure) come from X-Forwarded-* only as the trusted proxy reports them.
 */
const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.7';
const SPOOFED = '6.6.6.6';

let sequence = 0;

/** A failed sign-in through `remoteAddress` with these headers; the address its audit row records. */
async function auditedAddress(
  t: TestApp,
  remoteAddress: string,
  headers: Record<string, string>,
): Promise<string | null> {
  sequence += 1;
  const email = `nobody${sequence}.${Date.now()}@srpf.test`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'wrong-password-1' },
    remoteAddress,
    headers,
  });
  expect(response.statusCode).toBe(401);
  const rows = await t.database.db
    .select({ ip: auditLog.ip })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.entity_id, email)));
  expect(rows).toHaveLength(1);
  return rows[0]!.ip;
}

/** The Set-Cookie lines of a successful sign-in. */
async function signInCookies(t: TestApp, options: Pick<InjectOptions, 'remoteAddress' | 'headers'>): Promise<string[]> {
  const user = await t.buildUser();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    ...options,
  });
  expect(response.statusCode).toBe(200);
  const cookies = response.headers['set-cookie'];
  const lines = Array.isArray(cookies) ? cookies : cookies ? [cookies] : [];
  expect(lines.length).toBeGreaterThan(0);
  return lines;
}
const allSecure = (lines: string[]) => lines.every((line) => /;\s*Secure/i.test(line));
const noneSecure = (lines: string[]) => lines.every((line) => !/;\s*Secure/i.test(line));

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1 });
  });
  afterAll(() => t.close());

  it('takes the address the proxy reported (right-most X-Forwarded-For), never the left-most one the client wrote', async () => {
    expect(await auditedAddress(t, PROXY, { 'x-forwarded-for': `${SPOOFED}, ${CLIENT}` })).toBe(CLIENT);
    expect(await auditedAddress(t, PROXY, { 'x-forwarded-for': CLIENT })).toBe(CLIENT);
    expect(await auditedAddress(t, PROXY, {})).toBe(PROXY);
  });

  it('makes the cookies Secure when the proxy says the request came over HTTPS', async () => {
    expect(
      allSecure(
        await signInCookies(t, {
          remoteAddress: PROXY,
          headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': CLIENT },
        }),
      ),
    ).toBe(true);
    expect(noneSecure(await signInCookies(t, { remoteAddress: PROXY, headers: { 'x-forwarded-proto': 'http' } }))).toBe(
      true,
    );
    expect(noneSecure(await signInCookies(t, { remoteAddress: PROXY }))).toBe(true);
  });
});

describe('TRUST_PROXY=<the proxy’s address>', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: [PROXY, '192.168.10.0/24'] });
  });
  afterAll(() => t.close());

  it('honours X-Forwarded-For only on connections from the proxy', async () => {
    expect(await auditedAddress(t, PROXY, { 'x-forwarded-for': CLIENT })).toBe(CLIENT);
    expect(await auditedAddress(t, '192.168.10.44', { 'x-forwarded-for': CLIENT })).toBe(CLIENT);
    // Through the proxy, an address the client wrote before the proxy's is still not believed.
    expect(await auditedAddress(t, PROXY, { 'x-forwarded-for': `${SPOOFED}, ${CLIENT}` })).toBe(CLIENT);
    // A client that reaches the server directly cannot choose its address.
    expect(await auditedAddress(t, '10.0.0.9', { 'x-forwarded-for': CLIENT })).toBe('10.0.0.9');
  });

  it('makes the cookies Secure only when the proxy reports HTTPS', async () => {
    expect(allSecure(await signInCookies(t, { remoteAddress: PROXY, headers: { 'x-forwarded-proto': 'https' } }))).toBe(
      true,
    );
    expect(
      noneSecure(await signInCookies(t, { remoteAddress: '10.0.0.9', headers: { 'x-forwarded-proto': 'https' } })),
    ).toBe(true);
  });
});

describe('TRUST_PROXY=false (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For and X-Forwarded-Proto', async () => {
    expect(await auditedAddress(t, PROXY, { 'x-forwarded-for': CLIENT })).toBe(PROXY);
    expect(
      noneSecure(await signInCookies(t, { remoteAddress: PROXY, headers: { 'x-forwarded-proto': 'https' } })),
    ).toBe(true);
  });
});
