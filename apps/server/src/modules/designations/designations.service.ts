import {
  defaultApprovalRoleFor,
  paginationOf,
  type ApprovalRole,
  type TDesignation,
  type TDesignationListQuery,
  type TPagination,
  type TUpdateDesignationRequest,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolationOf } from '../../lib/db-errors.js';
import { requireSomeChange } from '../../lib/validation.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AccessClaims } from '../../lib/tokens.js';
import { toDesignation } from './designations.presenter.js';
import * as repository from './designations.repository.js';

/** Designation codes are unique case-insensitively (designations_code_unique on lower(code)). */
function duplicateCode(error: unknown): never {
  if (uniqueViolationOf(error) === 'designations_code_unique')
    throw new AppError('designations.code_taken', {}, 'Designation code already exists', { field: 'code' });
  throw error;
}

export function createDesignationsService(context: AppContext) {
  const { db } = context;

  return {
    async list(query: TDesignationListQuery): Promise<{ designations: TDesignation[]; pagination: TPagination }> {
      const { rows, total } = await repository.listDesignations(
        db,
        { search: query.search, active: query.active },
        query.page,
        query.limit,
      );
      return { designations: rows.map(toDesignation), pagination: paginationOf(query.page, query.limit, total) };
    },

    async all(filter: { active?: boolean }): Promise<TDesignation[]> {
      return (await repository.allDesignations(db, filter)).map(toDesignation);
    },

    /** Every designation, for other services (the CSV import matches rows against them). */
    rows: (executor: Executor) => repository.allDesignations(executor),

    async get(id: number): Promise<TDesignation> {
      const row = await repository.findDesignation(db, id);
      if (!row) throw notFound('designations.not_found', 'Designation');
      return toDesignation(row);
    },

    find: (id: number, executor: Executor) => repository.findDesignation(executor, id),

    /**
     * Without an approval role the new designation takes the text rule's answer for its name
     * (`defaultApprovalRoleFor`: "Executive Assistant" becomes commandant, as the spec's rule says),
     * so the form can show the default before saving and an administrator can choose none instead.
     */
    async create(
      actor: AccessClaims,
      input: { name: string; code: string; active: boolean; approval_role?: ApprovalRole },
      ip: string | null,
    ): Promise<TDesignation> {
      const values = { ...input, approval_role: input.approval_role ?? defaultApprovalRoleFor(input.name) };
      const row = await db
        .transaction(async (tx) => {
          const created = await repository.insertDesignation(tx, values);
          await audit(tx, {
            actorId: actor.userId,
            action: 'designation.create',
            entityType: 'designation',
            entityId: created.id,
            outcome: 'success',
            ip,
            details: { name: created.name, code: created.code, approval_role: created.approval_role },
          });
          return created;
        })
        .catch(duplicateCode);
      return toDesignation(row);
    },

    /**
     * Changes what is sent; a new name keeps the stored approval role (only an explicit approval_role
     * changes it). The holders' chain rights follow at once: they are read at each request.
     */
    async update(
      actor: AccessClaims,
      id: number,
      changes: TUpdateDesignationRequest,
      ip: string | null,
    ): Promise<TDesignation> {
      requireSomeChange(changes);
      const row = await db
        .transaction(async (tx) => {
          // A change of rights names what it replaced, for the auditors.
          const before = changes.approval_role !== undefined ? await repository.findDesignation(tx, id) : undefined;
          const updated = await repository.updateDesignation(tx, id, changes);
          if (!updated) throw notFound('designations.not_found', 'Designation');
          const details = before ? { changes, previous_approval_role: before.approval_role } : { changes };
          // Its holders' step in the chain: the guard reads everybody's standing anew.
          if (before && before.approval_role !== changes.approval_role) await context.standing.changed(tx, 'all');
          await audit(tx, {
            actorId: actor.userId,
            action: 'designation.update',
            entityType: 'designation',
            entityId: id,
            outcome: 'success',
            ip,
            details,
          });
          return updated;
        })
        .catch(duplicateCode);
      return toDesignation(row);
    },
  };
}
export type DesignationsService = ReturnType<typeof createDesignationsService>;
