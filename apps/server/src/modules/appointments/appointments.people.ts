import type { TUser } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { invalidField } from '../../lib/validation.js';
import type { AppointmentChanges } from './appointments.repository.js';

/** What appointments ask of users and companies (given by the registry). */
export interface AppointmentDirectory {
  users: {
    fullUser(id: number, executor: Executor): Promise<TUser>;
  };
  companies: { exists(id: number, executor: Executor): Promise<boolean> };
}

/** The people an appointment names: the requester (a user) and the company. */
export function createAppointmentPeople(directory: AppointmentDirectory) {
  const { users, companies } = directory;

  async function userOrNull(id: number, executor: Executor): Promise<TUser | null> {
    try {
      return await users.fullUser(id, executor);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  return {
    /** A person who is still on the roll, or null. */
    async activePerson(id: number, executor: Executor): Promise<TUser | null> {
      const user = await userOrNull(id, executor);
      return user && user.deleted_at === null ? user : null;
    },

    async assertCompanyExists(id: number, executor: Executor): Promise<void> {
      if (!(await companies.exists(id, executor)))
        throw invalidField('company_id', 'validation.company_not_found', {}, 'Company not found');
    },

    /**
     * The requester's details copied onto the appointment (section 3 keeps them on the row, so a
     * later change of the user does not rewrite past requests). A deleted user cannot be chosen.
     */
    async requesterColumns(userId: number, executor: Executor): Promise<{ user: TUser; columns: AppointmentChanges }> {
      const user = await userOrNull(userId, executor);
      if (!user || user.deleted_at !== null)
        throw invalidField('user_id', 'validation.user_not_found', {}, 'User not found');
      return {
        user,
        columns: {
          user_id: user.id,
          first_name: user.first_name,
          middle_name: user.middle_name,
          last_name: user.last_name,
          email: user.email,
          dgp_id: user.dgp_id,
          icard_no: user.icard_no,
          designation_id: user.designation_id,
          phone_number: user.phone_number,
          badge_number: user.badge_no !== null ? String(user.badge_no) : null,
        },
      };
    },
  };
}
export type AppointmentPeople = ReturnType<typeof createAppointmentPeople>;
