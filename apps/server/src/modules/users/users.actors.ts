import { approvalRoleOf, normaliseRole } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import type { SignedInActor } from '../../lib/access.js';
import { clock } from '../../lib/clock.js';
import { endedSessionsHorizon } from '../../lib/ended-sessions.js';
import * as repository from './users.repository.js';

/**
 * The actor of a request, read from the database each time (never from the token's claims), so a
 * new role, company, grant, designation or a deactivation counts from the next request, on every
 * instance. Undefined for a deleted, deactivated or unknown user: their token no longer opens anything.
 * Sessions ended before `endedSessionsHorizon` are left out: no token of theirs is unexpired.
 */
export async function loadActor(executor: Executor, userId: number): Promise<SignedInActor | undefined> {
  const row = await repository.findActorStanding(executor, userId, endedSessionsHorizon(clock.now()));
  if (!row || !row.is_active) return undefined;
  const role = normaliseRole(row.role);
  return {
    userId: row.id,
    role,
    companyId: row.company_id,
    overseenCompanyIds: row.overseen_company_ids.map(Number),
    grants: row.granted_permissions,
    approvalRole: approvalRoleOf({ role, designationApprovalRole: row.designation_approval_role }),
    mustChangePassword: row.must_change_password,
    sessionVersion: row.session_version,
    endedSessionIds: new Set(row.ended_session_ids),
  };
}
