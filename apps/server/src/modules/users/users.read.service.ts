import {
  actorCan,
  companyRecordScope,
  mayReadUser,
  normalisePhone,
  paginationOf,
  peopleLookupScope,
  type Actor,
  type SignInIdentifier,
  type TPagination,
  type TRole,
  type TSessionUser,
  type TUser,
  type TUserListQuery,
  type TUserLookup,
} from '@srpf/shared';
import { and } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { loadActor } from './users.actors.js';
import { toSessionUser, toUser, toUserLookup } from './users.presenter.js';
import * as repository from './users.repository.js';

const LOOKUP_LIMIT = 8;

/** The read side of users: sign-in and session look-ups, one record, the list, the roles, the forms' lookups. */
export function createUsersReadService(context: AppContext) {
  const { db } = context;

  async function fullUser(id: number, executor: Executor = db): Promise<TUser> {
    const row = await repository.findUserById(executor, id, { includeDeleted: true });
    if (!row) throw notFound('users.not_found', 'User');
    return toUser(row);
  }

  return {
    /** The account an email, mobile number or Sevarth ID signs in to, deleted ones excluded. */
    async findForSignIn(identifier: SignInIdentifier) {
      const row = await repository.findUserForSignIn(db, identifier);
      return (
        row && {
          id: row.id,
          password_hash: row.password_hash,
          password_expires_at: row.password_expires_at,
          is_active: row.is_active,
          session_version: row.session_version,
          user: toSessionUser(row),
        }
      );
    },

    async sessionUser(id: number, executor: Executor = db): Promise<TSessionUser | undefined> {
      const row = await repository.findSessionUserById(executor, id);
      return row && row.is_active ? toSessionUser(row) : undefined;
    },

    /** The current standing of a token's user (the request guard's question). */
    actorOf: (id: number) => context.standing.get(id, () => loadActor(db, id)),

    /** The idle timeout of the user's sessions in minutes, or null for none beyond REFRESH_TOKEN_TTL. */
    sessionTimeoutMinutes: (id: number) => repository.findSessionTimeout(db, id),

    /**
     * Everyone may read their own record; reading another's (deleted ones included) needs manage_users
     * within the scope and is a sensitive read: audited. Any other record answers 404, as if it did
     * not exist.
     */
    async getUser(actor: Actor, id: number, ip: string | null): Promise<TUser> {
      const row = await repository.findUserById(db, id, { includeDeleted: actorCan(actor, 'manage_users') });
      if (!row || !mayReadUser(actor, { id: row.id, companyId: row.company_id }))
        throw notFound('users.not_found', 'User');
      if (actor.userId !== id)
        await audit(db, {
          actorId: actor.userId,
          action: 'user.read',
          entityType: 'user',
          entityId: id,
          outcome: 'success',
          ip,
        });
      return toUser(row);
    },

    fullUser,

    async list(actor: Actor, query: TUserListQuery): Promise<{ users: TUser[]; pagination: TPagination }> {
      const { rows, total } = await repository.listUsers(
        db,
        {
          scope: companyRecordScope(actor),
          search: query.search,
          role: query.role?.toLowerCase(),
          company_id: query.company_id,
          is_active: query.is_active,
          phoneDigits: query.phone ? normalisePhone(query.phone) || undefined : undefined,
          dgp_id: query.dgp_id?.toUpperCase(),
          include_deleted: query.include_deleted,
        },
        query.page,
        query.limit,
      );
      return { users: rows.map(toUser), pagination: paginationOf(query.page, query.limit, total) };
    },

    async roles(): Promise<TRole[]> {
      return (await repository.listRoles(db)).map((role) => ({
        id: role.id,
        name: role.name,
        description: role.description,
      }));
    },

    /**
     * The orderly-room form's lookup: 10+ digits, a 91 prefix dropped; the active person with that
     * number, among the people the actor may look up (their companies and themselves).
     */
    async findByPhone(actor: Actor, phoneNumber: string): Promise<TUserLookup | null> {
      const phone = normalisePhone(phoneNumber);
      const [row] = await repository.lookupUsers(
        db,
        and(repository.byPhone(phone), repository.usersInScope(peopleLookupScope(actor))),
        1,
      );
      return row ? toUserLookup(row) : null;
    },

    /** The forms' search by name: at most 8 people, within the actor's lookup scope. */
    async searchForForms(actor: Actor, query: { q: string; company_id?: number }): Promise<TUserLookup[]> {
      const condition = and(
        repository.searchCondition(query.q),
        repository.usersInScope(peopleLookupScope(actor)),
        query.company_id !== undefined ? repository.inCompany(query.company_id) : undefined,
      );
      return (await repository.lookupUsers(db, condition, LOOKUP_LIMIT)).map(toUserLookup);
    },
  };
}
export type UsersReadService = ReturnType<typeof createUsersReadService>;
