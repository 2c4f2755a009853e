import { getOrCreateSetting } from '../../lib/app-settings.js';
import { serverModule } from '../../lib/contracts/server-module.js';
import { createKeyRing } from '../../lib/keys.js';
import type { AccountDirectory } from './auth.accounts.js';
import { createCredentials, type Credentials } from './auth.credentials.js';
import { registerAuthPurge } from './auth.purge.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';

/**
 * The auth area's first part: the signing keys and the credentials (tokens, password hashing, the
 * guessing throttle, session cookies). Apart from `authModule` because users are built from these,
 * and sign-in is built from users.
 */
export const authCredentialsModule = serverModule()({
  name: 'auth-credentials',
  async build(context) {
    // The signing key: JWT_SECRET, or one generated at first start and kept in the database, so every
    // instance agrees.
    const jwtSecret = context.config.jwtSecret ?? (await getOrCreateSetting(context.db, 'jwt_secret'));
    const keys = createKeyRing(jwtSecret, context.config.jwtSecretPrevious);
    return { keys, credentials: createCredentials(context, keys) };
  },
});

/** Sign-in, refresh and sign-out (/api/auth) over the accounts users keeps, and the daily purge of what sign-in no longer needs. */
export const authModule = serverModule<{ credentials: Credentials; users: AccountDirectory }>()({
  name: 'auth',
  needs: { credentials: true, users: true },
  build: (context, { credentials, users }) => ({ auth: createAuthService(context, credentials, users) }),
  routes: ({ auth, credentials }) => [{ plugin: authRoutes(auth, credentials), prefix: '/auth' }],
  registerJobs: (jobs, _services, context) => registerAuthPurge(jobs, context.db),
});
