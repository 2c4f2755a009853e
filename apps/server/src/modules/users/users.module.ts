import { serverModule } from '../../lib/contracts/server-module.js';
import type { UserCredentials, UserReferences } from './users.dependencies.js';
import { createUserImportService } from './users.import.service.js';
import { userLookupRoutes } from './users.lookup.routes.js';
import { createPhoneVerificationService } from './users.phone-verification.service.js';
import { createProfileService } from './users.profile.service.js';
import { whatsappSettingsOf } from './users.presenter.js';
import { userRoutes } from './users.routes.js';
import { createUsersService } from './users.service.js';

/** People: management, profiles, the CSV import (/api/users), and the lookup appointments use (/api/appointments/users). */
export const usersModule = serverModule<{ credentials: UserCredentials } & UserReferences>()({
  name: 'users',
  needs: { credentials: true, companies: true, designations: true },
  build(context, { credentials, companies, designations }) {
    const references = { companies, designations };
    const users = createUsersService(context, credentials, references);
    return {
      users,
      profile: createProfileService(context, credentials, users),
      verification: createPhoneVerificationService(context, async (userId) =>
        whatsappSettingsOf(await users.fullUser(userId)),
      ),
      userImport: createUserImportService(context, credentials, references),
    };
  },
  routes: ({ users, profile, userImport, verification, credentials }, context) => [
    { plugin: userRoutes({ users, profile, userImport, verification, credentials }), prefix: '/users' },
    {
      plugin: userLookupRoutes(users, { perUserPerMinute: context.config.lookupRateLimit }),
      prefix: '/appointments/users',
    },
  ],
});
