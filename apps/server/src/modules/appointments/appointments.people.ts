import { approvalRoleOf, type RemarkRole, type TUser } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { AccessClaims } from '../../lib/tokens.js';
import { invalidField } from '../../lib/validation.js';
import type { AppointmentChanges } from './appointments.repository.js';

/** What the approval chain reads of a person: their role name and their designation record's approval role (null without one). */
export interface ApprovalStanding {
  role: string;
  designation_approval_role: string | null;
}

/** What appointments ask of users and companies (given by the registry). */
export interface AppointmentDirectory {
  users: {
    fullUser(id: number, executor: Executor): Promise<TUser>;
    /** Undefined for a deleted or unknown user. */
    approvalStanding(id: number, executor: Executor): Promise<ApprovalStanding | undefined>;
  };
  companies: { exists(id: number, executor: Executor): Promise<boolean> };
}

/** The people an appointment names: the requester (a user), the company, and the person acting. */
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
    async assertCompanyExists(id: number, executor: Executor): Promise<void> {
      if (!(await companies.exists(id, executor))) throw invalidField('company_id', 'Company not found');
    },

    /**
     * The requester's details copied onto the appointment (section 3 keeps them on the row, so a
     * later change of the user does not rewrite past requests). A deleted user cannot be chosen.
     */
    async requesterColumns(userId: number, executor: Executor): Promise<{ user: TUser; columns: AppointmentChanges }> {
      const user = await userOrNull(userId, executor);
      if (!user || user.deleted_at !== null) throw invalidField('user_id', 'User not found');
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

    /**
     * The remark role of the person acting (`approvalRoleOf`: admin and superadmin act as commandant,
     * everybody else as their designation record's approval role), read in the caller's transaction
     * at each request, not from the token, so a promotion or an administrator's change of a
     * designation's approval role counts at once. A deleted or unknown user has none.
     */
    async remarkRoleOfActor(actor: AccessClaims, executor: Executor): Promise<RemarkRole | null> {
      const standing = await users.approvalStanding(actor.userId, executor);
      return standing ? approvalRoleOf({ role: standing.role, designationApprovalRole: standing.designation_approval_role }) : null;
    },
  };
}
export type AppointmentPeople = ReturnType<typeof createAppointmentPeople>;
