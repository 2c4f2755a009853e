import type { FastifyInstance, FastifyRequest, preParsingHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { actorCan, type Actor, type Permission } from '@srpf/shared';
import { AppError, forbidden, unauthenticated } from './errors.js';
import type { AccessTokens } from './tokens.js';

/** What a route needs: nothing, a signed-in user, or a permission of the spec's table. */
export type Access = 'public' | 'signed_in' | Permission;

/** The signed-in person of a request, as read from the database by the guard. */
export interface SignedInActor extends Actor {
  mustChangePassword: boolean;
  /** The user's current session version: tokens issued under an older one are refused. */
  sessionVersion: number;
  /**
   * The user's sessions (refresh-token families) signed out or revoked within the longest an access
   * token lives (ACCESS_TOKEN_TTL_MAX): their access tokens are refused. Read with the rest of the
   * standing, in the same query and the same cache, which every revocation forgets.
   */
  endedSessionIds: ReadonlySet<string>;
}

/** Reads the current standing of a token's user; undefined for a deleted, deactivated or unknown one. */
export type ActorLoader = (userId: number) => Promise<SignedInActor | undefined>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Routes a user who must change their password may still call (me, logout, the change itself). */
    allowDuringPasswordChange?: boolean;
  }
  interface FastifyRequest {
    auth: SignedInActor | null;
  }
}

/** The signed-in user of a route declared `signed_in` or with a permission. */
export function currentUser(request: FastifyRequest): SignedInActor {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthenticated();
  return token;
}

/**
 * The token proves who is asking; what they may do is read from the database at each request (role,
 * company, grants, designation, active), so a demotion or a deactivation counts from the next request.
 * Every /api route must declare its access (checked when routes are registered, so a forgotten
 * declaration fails at start-up, never open in production); one hook enforces it on each request.
 */
export const accessGuard = fp(
  async (app: FastifyInstance, options: { tokens: AccessTokens; loadActor: ActorLoader }) => {
    app.decorateRequest('auth', null);

    async function authorise(request: FastifyRequest, access: Exclude<Access, 'public'>): Promise<void> {
      const claims = await options.tokens.verify(bearerToken(request));
      const actor = await options.loadActor(claims.userId);
      // Deleted, deactivated, their sessions ended (a new password) since this token was issued, or
      // this session ended (signed out, its refresh token reused, idled out, past its maximum age). A
      // token without a session (issued before tokens named theirs) is refused too: it cannot be
      // matched to a sign-out, and the web app answers the 401 with a refresh, which names it.
      if (
        !actor ||
        actor.sessionVersion !== claims.sessionVersion ||
        claims.sessionId === null ||
        actor.endedSessionIds.has(claims.sessionId)
      ) {
        throw unauthenticated('auth.session_ended', 'This session has ended. Please sign in again.');
      }
      request.auth = actor;
      if (actor.mustChangePassword && !request.routeOptions.config.allowDuringPasswordChange) {
        throw new AppError('auth.password_change_required', {}, 'You must change your password before continuing');
      }
      if (access !== 'signed_in' && !actorCan(actor, access)) throw forbidden();
    }

    // The check is attached to each protected route as it is registered, so public routes (health
    // checks polled by load balancers) run no access code at all.
    app.addHook('onRoute', (route) => {
      const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
      const access = route.config?.access;
      if (isApi && access === undefined) {
        throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access`);
      }
      if (access === undefined || access === 'public') return;
      // preParsing: after the rate limit (an onRequest hook), so requests with bad tokens are throttled
      // too, and before the body is read, so nobody unauthorised makes the server parse an upload.
      const guard: preParsingHookHandler = (request, _reply, payload, done) => {
        authorise(request, access).then(() => done(null, payload), done);
      };
      const existing = route.preParsing;
      route.preParsing =
        existing === undefined ? [guard] : [guard, ...(Array.isArray(existing) ? existing : [existing])];
    });
  },
);
