import fc from 'fast-check';
import { forgedAuthorization, roleArbitrary, type Actors, type Role } from './actors.js';
import { bodyArbitrary } from './bodies.js';
import type { Operation } from './operations.js';
import type { Payload } from './payload.js';
import { pathArbitrary, queryArbitrary } from './urls.js';

/** One request of the suite: who sends it, where, from which address, and with which body. */
export interface FuzzCase {
  role: Role;
  /** The Authorization header a forger sends (only read when role is 'forged'). */
  forgedAuthorization: string;
  method: string;
  url: string;
  remoteAddress: string;
  payload: Payload;
}

const URL_PREVIEW = 300;

/** How a case reads in a failure message: short enough to print, enough to send it again. */
export function describeCase(fuzzCase: FuzzCase): string {
  const url =
    fuzzCase.url.length > URL_PREVIEW
      ? `${fuzzCase.url.slice(0, URL_PREVIEW)}… (${fuzzCase.url.length} characters)`
      : fuzzCase.url;
  const who = fuzzCase.role === 'forged' ? `forged "${fuzzCase.forgedAuthorization.slice(0, 80)}"` : fuzzCase.role;
  return `${fuzzCase.method} ${url} as ${who} from ${fuzzCase.remoteAddress}, content-type ${JSON.stringify(fuzzCase.payload.contentType)}, body: ${fuzzCase.payload.summary}`;
}

/**
 * The cases of one operation in one batch: any role (a forger with a forged header), a URL with
 * generated path parameters (from the batch's ids) and query string, and a generated body. Sign-in
 * throttles count per address, so cases come from many addresses, 127.0.0.1 among them.
 */
export function caseArbitrary(operation: Operation, batch: { actors: Actors; ids: number[] }): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      role: roleArbitrary,
      forgedAuthorization: forgedAuthorization(batch.actors.tokens),
      path: pathArbitrary(operation, batch.ids),
      query: queryArbitrary(operation),
      remoteAddress: fc.oneof(fc.constant('127.0.0.1'), fc.ipV4(), fc.constantFrom('::1', '::ffff:10.0.0.1')),
      payload: bodyArbitrary(operation),
    })
    .map(({ path, query, ...rest }) => {
      const fuzzCase: FuzzCase = { ...rest, method: operation.method, url: `${path}${query}` };
      return Object.defineProperty(fuzzCase, fc.toStringMethod, {
        value: () => describeCase(fuzzCase),
        enumerable: false,
      });
    });
}
