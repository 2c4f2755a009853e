import {
  DEFAULT_COMPANY_ID,
  paginationOf,
  type TCompany,
  type TCompanyChanges,
  type TCompanyListQuery,
  type TPagination,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { foreignKeyViolationOf, uniqueViolationOf } from '../../lib/db-errors.js';
import { requireSomeChange } from '../../lib/validation.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AccessClaims } from '../../lib/tokens.js';
import { toCompany } from './companies.presenter.js';
import * as repository from './companies.repository.js';

/** Company codes are unique case-insensitively (companies_code_unique on lower(code)). */
function duplicateCode(error: unknown): never {
  if (uniqueViolationOf(error) === 'companies_code_unique')
    throw new AppError('companies.code_taken', {}, 'Company code already exists', { field: 'code' });
  throw error;
}

export function createCompaniesService(context: AppContext) {
  const { db } = context;

  return {
    async list(query: TCompanyListQuery): Promise<{ companies: TCompany[]; pagination: TPagination }> {
      const { rows, total } = await repository.listCompanies(
        db,
        { search: query.search, active: query.active },
        query.page,
        query.limit,
      );
      return { companies: rows.map(toCompany), pagination: paginationOf(query.page, query.limit, total) };
    },

    async get(id: number): Promise<TCompany> {
      const row = await repository.findCompany(db, id);
      if (!row) throw notFound('companies.not_found', 'Company');
      return toCompany(row);
    },

    /** For other services: does the company exist (inside their transaction)? */
    exists: async (id: number, executor: Executor) => (await repository.findCompany(executor, id)) !== undefined,

    async create(
      actor: AccessClaims,
      input: Required<Pick<TCompanyChanges, 'name' | 'code'>> & TCompanyChanges,
      ip: string | null,
    ): Promise<TCompany> {
      const row = await db
        .transaction(async (tx) => {
          const created = await repository.insertCompany(tx, {
            name: input.name,
            code: input.code,
            active: input.active ?? true,
          });
          await audit(tx, {
            actorId: actor.userId,
            action: 'company.create',
            entityType: 'company',
            entityId: created.id,
            outcome: 'success',
            ip,
            details: { name: created.name, code: created.code },
          });
          return created;
        })
        .catch(duplicateCode);
      return toCompany(row);
    },

    async update(actor: AccessClaims, id: number, changes: TCompanyChanges, ip: string | null): Promise<TCompany> {
      requireSomeChange(changes);
      const row = await db
        .transaction(async (tx) => {
          const updated = await repository.updateCompany(tx, id, changes);
          if (!updated) throw notFound('companies.not_found', 'Company');
          await audit(tx, {
            actorId: actor.userId,
            action: 'company.update',
            entityType: 'company',
            entityId: id,
            outcome: 'success',
            ip,
            details: { changes },
          });
          return updated;
        })
        .catch(duplicateCode);
      return toCompany(row);
    },

    /** Refused for the default company and while the company still has users who are not deleted. */
    async remove(actor: AccessClaims, id: number, ip: string | null): Promise<void> {
      if (id === DEFAULT_COMPANY_ID)
        throw new AppError('companies.default_undeletable', {}, 'The default company cannot be deleted');
      await db
        .transaction(async (tx) => {
          const company = await repository.findCompany(tx, id);
          if (!company) throw notFound('companies.not_found', 'Company');
          const members = await repository.countLiveMembers(tx, id);
          if (members > 0) {
            throw new AppError(
              'companies.has_members',
              { count: members },
              `This company still has ${members} user${members === 1 ? '' : 's'}. Move or delete them first, or mark the company inactive.`,
            );
          }
          await repository.detachDeletedMembers(tx, id);
          await repository.deleteCompany(tx, id);
          // Whoever oversaw it no longer does (the rows went with it): the guard reads standings anew.
          await context.standing.changed(tx, 'all');
          await audit(tx, {
            actorId: actor.userId,
            action: 'company.delete',
            entityType: 'company',
            entityId: id,
            outcome: 'success',
            ip,
            details: { name: company.name, code: company.code },
          });
        })
        .catch((error: unknown) => {
          if (foreignKeyViolationOf(error) !== undefined) {
            throw new AppError(
              'companies.still_referenced',
              {},
              'This company is still referenced by appointments or other records. Mark it inactive instead.',
            );
          }
          throw error;
        });
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
