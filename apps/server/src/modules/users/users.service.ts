import { hasPermission, type TSessionUser } from '@srpf/shared';
import type { AppContext } from '../../app.js';
import type { Executor } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { AccessClaims } from '../../lib/tokens.js';
import { toSessionUser } from './users.presenter.js';
import { findSessionUserById, findUserForSignIn } from './users.repository.js';

export function createUsersService(context: AppContext) {
  return {
    findForSignIn: (email: string, executor: Executor = context.db) => findUserForSignIn(executor, email),

    async sessionUser(id: number, executor: Executor = context.db): Promise<TSessionUser | undefined> {
      const row = await findSessionUserById(executor, id);
      return row && row.is_active ? toSessionUser(row) : undefined;
    },

    /** Everyone may read their own record; reading another's needs manage_users. */
    async getUser(actor: AccessClaims, id: number): Promise<TSessionUser> {
      if (actor.userId !== id && !hasPermission(actor.role, 'manage_users')) throw forbidden();
      const row = await findSessionUserById(context.db, id);
      if (!row) throw notFound('User');
      return toSessionUser(row);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
