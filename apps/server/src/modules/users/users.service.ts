import {
  inCompanyScope,
  mayAssignOverseenCompanies,
  mayGrantPermissions,
  mayManageUser,
  type Actor,
  type TCreateUser,
  type TUpdateUser,
  type TUser,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { clock } from '../../lib/clock.js';
import { assertStrongPassword } from '../../lib/password-strength.js';
import { invalidField, requireSomeChange } from '../../lib/validation.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import type { UserCredentials, UserReferences } from './users.dependencies.js';
import { createUsersReadService } from './users.read.service.js';
import * as repository from './users.repository.js';
import { administratorNumberChange } from './users.numbers.js';
import { rethrowDuplicateUser } from './users.unique.js';

export const SUPERADMIN = 'superadmin';
const NO_CONSENT = { whatsapp_enabled: false, whatsapp_notices_enabled: false };

/** Only a superadmin may create, promote to, or change a superadmin. */
export function assertMayAssignRole(actor: Pick<Actor, 'role'>, role: string, creating: boolean): void {
  if (role === SUPERADMIN && actor.role !== SUPERADMIN) {
    throw creating
      ? forbidden('users.superadmin_create_forbidden', 'Permission denied. You cannot create superadmin users.')
      : forbidden(
          'users.superadmin_assign_forbidden',
          'Permission denied. Only a superadmin can assign the superadmin role.',
        );
  }
}

/** The refusal of a change to a superadmin by someone who is not one. */
const SUPERADMIN_REFUSALS = {
  update: ['users.superadmin_change_forbidden', 'Permission denied. Only a superadmin can change a superadmin.'],
  delete: ['users.superadmin_delete_forbidden', 'Permission denied. Only a superadmin can delete a superadmin.'],
} as const;

/**
 * The users service the routes call: the reads live in users.read.service.ts; here are an
 * administrator's changes to one record (create, edit, delete). The CSV import has its own service.
 */
export function createUsersService(
  context: AppContext,
  credentials: Pick<UserCredentials, 'hasher' | 'sessions'>,
  references: UserReferences,
) {
  const { db } = context;
  const reads = createUsersReadService(context);
  const { fullUser } = reads;
  const { hasher, sessions } = credentials;
  const { companies, designations } = references;

  /** The live user an administrator may change or delete: 404 outside their scope, 403 for a superadmin unless they are one. */
  async function manageableTarget(actor: Actor, id: number, change: keyof typeof SUPERADMIN_REFUSALS) {
    const target = await repository.findUserById(db, id);
    if (!target || !inCompanyScope(actor, target.company_id)) throw notFound('users.not_found', 'User');
    if (!mayManageUser(actor, { id, companyId: target.company_id, role: target.role })) {
      const [code, message] = SUPERADMIN_REFUSALS[change];
      throw forbidden(code, message);
    }
    return target;
  }

  /** Role, company and designation named by a create or update: each must exist (400 on its field). */
  async function resolveReferences(tx: Transaction, actor: Actor, input: TUpdateUser, creating: boolean) {
    const resolved: { role_id?: number; designation?: string | null } = {};
    if (input.role !== undefined) {
      const role = await repository.findRoleByName(tx, input.role);
      if (!role) throw invalidField('role', 'users.unknown_role', { role: input.role }, `Unknown role: ${input.role}`);
      assertMayAssignRole(actor, role.name, creating);
      resolved.role_id = role.id;
    }
    if (input.company_id !== undefined && !(await companies.exists(input.company_id, tx))) {
      throw invalidField('company_id', 'validation.company_not_found', {}, 'Company not found');
    }
    if (input.designation_id !== undefined && input.designation_id !== null) {
      const designation = await designations.find(input.designation_id, tx);
      if (!designation)
        throw invalidField('designation_id', 'validation.designation_not_found', {}, 'Designation not found');
      // The free-text designation follows the chosen one unless the form sent its own text.
      if (input.designation === undefined) resolved.designation = designation.name;
    }
    if (input.granted_permissions !== undefined && !mayGrantPermissions(actor))
      throw forbidden('users.grant_permissions_forbidden', 'Only an administrator can grant permissions');
    if (input.overseen_company_ids !== undefined) {
      if (!mayAssignOverseenCompanies(actor))
        throw forbidden('users.oversee_companies_forbidden', 'Only a superadmin can give someone companies to oversee');
      for (const companyId of input.overseen_company_ids) {
        if (!(await companies.exists(companyId, tx)))
          throw invalidField(
            'overseen_company_ids',
            'users.overseen_company_not_found',
            { companyId },
            `Company ${companyId} not found`,
          );
      }
    }
    return resolved;
  }

  /**
   * Grants and overseen companies: stored, and each change audited with what it was and what it
   * became (a person's powers are the first thing an inquiry asks about).
   */
  async function recordAccessChanges(
    tx: Transaction,
    actor: Actor,
    id: number,
    input: TUpdateUser,
    before: { grants: readonly string[]; overseen: readonly number[] },
    ip: string | null,
  ) {
    const same = (a: readonly unknown[], b: readonly unknown[]) =>
      a.length === b.length && a.every((value, index) => value === b[index]);
    if (input.granted_permissions !== undefined && !same(input.granted_permissions, before.grants)) {
      await audit(tx, {
        actorId: actor.userId,
        action: 'user.grants_change',
        entityType: 'user',
        entityId: id,
        outcome: 'success',
        ip,
        details: { before: before.grants, after: input.granted_permissions },
      });
    }
    if (input.overseen_company_ids !== undefined && !same(input.overseen_company_ids, before.overseen)) {
      await repository.replaceOverseenCompanies(tx, id, input.overseen_company_ids);
      await audit(tx, {
        actorId: actor.userId,
        action: 'user.oversight_change',
        entityType: 'user',
        entityId: id,
        outcome: 'success',
        ip,
        details: { before: before.overseen, after: input.overseen_company_ids },
      });
    }
  }

  /** When a password set for someone else stops signing in (ONE_TIME_PASSWORD_TTL from now). */
  const oneTimePasswordExpiry = () => new Date(clock.now().getTime() + context.config.oneTimePasswordTtl * 1000);

  /** The columns an input sets; the password arrives already hashed. */
  function columnsOf(
    input: TUpdateUser,
    before: { whatsapp_enabled: boolean; whatsapp_notices_enabled: boolean } = NO_CONSENT,
  ): Partial<repository.NewUser> {
    const { password: _password, role: _role, overseen_company_ids: _overseen, ...columns } = input;
    // Consent an administrator records (the user form): when it is given or withdrawn, and that it came from them.
    const consentChanged = input.whatsapp_enabled !== undefined && input.whatsapp_enabled !== before.whatsapp_enabled;
    const noticesChanged =
      input.whatsapp_notices_enabled !== undefined &&
      input.whatsapp_notices_enabled !== before.whatsapp_notices_enabled;
    return {
      ...columns,
      ...(consentChanged ? { whatsapp_consent_at: clock.now(), whatsapp_consent_source: 'admin' } : {}),
      ...(noticesChanged ? { whatsapp_notices_consent_at: clock.now() } : {}),
    };
  }

  return {
    ...reads,

    /** An administrator-set password is temporary: the new user must choose their own at first sign-in. */
    async create(actor: Actor, input: TCreateUser, ip: string | null): Promise<TUser> {
      if (!inCompanyScope(actor, input.company_id))
        throw invalidField('company_id', 'validation.company_not_found', {}, 'Company not found');
      assertStrongPassword('password', input.password, [
        input.email,
        input.first_name,
        input.middle_name,
        input.last_name,
      ]);
      const passwordHash = await hasher.hash(input.password);
      const id = await db
        .transaction(async (tx) => {
          const resolved = await resolveReferences(tx, actor, input, true);
          const number = administratorNumberChange(actor.userId, input.phone_number, null, clock.now());
          const created = await repository.insertUser(tx, {
            ...columnsOf(input),
            ...number.columns,
            first_name: input.first_name,
            last_name: input.last_name,
            email: input.email,
            role_id: resolved.role_id!,
            ...(resolved.designation !== undefined ? { designation: resolved.designation } : {}),
            password_hash: passwordHash,
            must_change_password: true,
            password_expires_at: oneTimePasswordExpiry(),
          });
          await audit(tx, {
            actorId: actor.userId,
            action: 'user.create',
            entityType: 'user',
            entityId: created,
            outcome: 'success',
            ip,
            details: { email: input.email, role: input.role, ...number.audited },
          });
          await recordAccessChanges(tx, actor, created, input, { grants: [], overseen: [] }, ip);
          return created;
        })
        .catch(rethrowDuplicateUser);
      return fullUser(id);
    },

    async update(actor: Actor, id: number, input: TUpdateUser, ip: string | null): Promise<TUser> {
      requireSomeChange(input);
      const target = await manageableTarget(actor, id, 'update');
      if (input.company_id !== undefined && !inCompanyScope(actor, input.company_id))
        throw invalidField('company_id', 'validation.company_not_found', {}, 'Company not found');
      const self = actor.userId === id;
      if (self && input.is_active === false)
        throw new AppError('users.cannot_deactivate_self', {}, 'You cannot deactivate your own account');
      if (self && input.role !== undefined && input.role !== target.role)
        throw new AppError('users.cannot_change_own_role', {}, 'You cannot change your own role');
      // One's own password changes under Profile, with the current one (throttled, and ending the
      // other sessions): a stolen access token alone must not be enough to take the account.
      if (self && input.password !== undefined) {
        throw new AppError(
          'users.own_password_from_profile',
          {},
          'Change your own password from your profile, with your current password',
          { field: 'password' },
        );
      }

      if (input.password)
        assertStrongPassword('password', input.password, [
          input.email ?? target.email,
          input.first_name ?? target.first_name,
          input.middle_name ?? target.middle_name,
          input.last_name ?? target.last_name,
        ]);
      const passwordHash = input.password ? await hasher.hash(input.password) : undefined;
      await db
        .transaction(async (tx) => {
          const resolved = await resolveReferences(tx, actor, input, false);
          const number = administratorNumberChange(actor.userId, input.phone_number, target, clock.now());
          const updated = await repository.updateUser(tx, id, {
            ...columnsOf(input, target),
            ...number.columns,
            ...(resolved.role_id !== undefined ? { role_id: resolved.role_id } : {}),
            ...(resolved.designation !== undefined ? { designation: resolved.designation } : {}),
            // Someone else's new password is temporary (and expires); one's own is not.
            ...(passwordHash
              ? {
                  password_hash: passwordHash,
                  must_change_password: !self,
                  password_expires_at: self ? null : oneTimePasswordExpiry(),
                  password_changed_at: clock.now(),
                }
              : {}),
          });
          if (!updated) throw notFound('users.not_found', 'User');
          // A new password or a deactivation ends the user's other sessions.
          if ((passwordHash && !self) || input.is_active === false) await sessions.revokeAll(id, tx);
          // Role, company, grants, overseen companies, designation, active: the guard reads them anew.
          await context.standing.changed(tx, id);
          await recordAccessChanges(
            tx,
            actor,
            id,
            input,
            { grants: target.granted_permissions, overseen: target.overseen_company_ids.map(Number) },
            ip,
          );
          const changed = Object.keys(input).filter((key) => key !== 'password');
          await audit(tx, {
            actorId: actor.userId,
            action: 'user.update',
            entityType: 'user',
            entityId: id,
            outcome: 'success',
            ip,
            details: {
              changed,
              ...(passwordHash ? { password_changed: true } : {}),
              // Consent is evidence: who recorded which way it went, not only that it changed.
              ...(input.whatsapp_enabled !== undefined && input.whatsapp_enabled !== target.whatsapp_enabled
                ? {
                    whatsapp_consent: {
                      before: target.whatsapp_enabled,
                      after: input.whatsapp_enabled,
                      source: 'admin',
                    },
                  }
                : {}),
              ...(input.whatsapp_notices_enabled !== undefined &&
              input.whatsapp_notices_enabled !== target.whatsapp_notices_enabled
                ? {
                    whatsapp_notices: {
                      before: target.whatsapp_notices_enabled,
                      after: input.whatsapp_notices_enabled,
                      source: 'admin',
                    },
                  }
                : {}),
              ...number.audited,
            },
          });
        })
        .catch(rethrowDuplicateUser);
      return fullUser(id);
    },

    /** Soft delete: the row stays for history, sign-in and every session end, and the person can be added again. */
    async remove(actor: Actor, id: number, ip: string | null): Promise<void> {
      if (actor.userId === id) throw new AppError('users.cannot_delete_self', {}, 'You cannot delete your own account');
      const target = await manageableTarget(actor, id, 'delete');
      await db.transaction(async (tx) => {
        if (!(await repository.softDeleteUser(tx, id, clock.now()))) throw notFound('users.not_found', 'User');
        await sessions.revokeAll(id, tx);
        await context.standing.changed(tx, id);
        await audit(tx, {
          actorId: actor.userId,
          action: 'user.delete',
          entityType: 'user',
          entityId: id,
          outcome: 'success',
          ip,
          details: { email: target.email },
        });
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
