import fc from 'fast-check';
import type { TestApp } from '../test-app.js';

/**
 * Who sends a case: nobody (signed out), a forger (an Authorization header that proves nothing), or
 * a signed-in viewer, administrator or superadministrator. The signed-in ones are built anew before
 * each batch, since a case that succeeded may have deleted, demoted or signed out the last ones.
 */

export const ROLES = ['signed_out', 'forged', 'viewer', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];
export const SIGNED_IN_ROLES = ['viewer', 'admin', 'superadmin'] as const;
type SignedInRole = (typeof SIGNED_IN_ROLES)[number];

/** The roles a case is sent as, weighted towards those whose requests get past the access check. */
export const roleArbitrary = fc.oneof(
  { arbitrary: fc.constant<Role>('signed_out'), weight: 2 },
  { arbitrary: fc.constant<Role>('forged'), weight: 1 },
  { arbitrary: fc.constant<Role>('viewer'), weight: 3 },
  { arbitrary: fc.constant<Role>('admin'), weight: 4 },
  { arbitrary: fc.constant<Role>('superadmin'), weight: 3 },
);

export interface Actors {
  ids: number[];
  tokens: Record<SignedInRole, string>;
}

let address = 0;
/** Each sign-in from an address of its own: the fuzzed sign-ins may have used up 127.0.0.1's allowance. */
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

async function signIn(t: TestApp, role: SignedInRole): Promise<{ id: number; token: string }> {
  const user = await t.buildUser({ role });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 200) throw new Error(`The ${role} of the fuzz world could not sign in: ${response.body}`);
  return { id: user.id, token: response.json().token as string };
}

/** A viewer, an administrator and a superadministrator, new and signed in. */
export async function signInActors(t: TestApp): Promise<Actors> {
  const signedIn = await Promise.all(SIGNED_IN_ROLES.map((role) => signIn(t, role)));
  return {
    ids: signedIn.map((actor) => actor.id),
    tokens: Object.fromEntries(SIGNED_IN_ROLES.map((role, index) => [role, signedIn[index]!.token])) as Record<
      SignedInRole,
      string
    >,
  };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Authorization headers that prove nothing: malformed, unsigned, re-signed or tampered tokens. */
export function forgedAuthorization(tokens: Actors['tokens']): fc.Arbitrary<string> {
  const real = tokens.admin;
  const [head = '', body = '', signature = ''] = real.split('.');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
  return fc.oneof(
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Bearer  ',
      'bearer x',
      'Bearer null',
      'Bearer a.b.c',
      'Bearer ...',
      'Basic dXNlcjpwYXNz',
      'Token abc',
      `Bearer ${real}x`,
      `Bearer ${real.slice(0, -4)}`,
      `Bearer ${head}.${body}.`,
      `Bearer ${head}.${body}`,
      `Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${body}.`,
      `Bearer ${head}.${base64url({ ...claims, role: 'superadmin', userId: 1 })}.${signature}`,
      `Bearer ${head}.${base64url({ ...claims, exp: 4_102_444_800 })}.${signature}`,
      `Bearer ${base64url({ alg: 'HS256', kid: '../../etc/passwd' })}.${body}.${signature}`,
      `Bearer ${'a'.repeat(10_000)}`,
      `Bearer ${real} ${real}`,
    ),
    fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((text) => `Bearer ${text}`),
  );
}
