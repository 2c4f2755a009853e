import type { TImportRowResult, TImportUsersResponse } from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { clock } from '../../lib/clock.js';
import { invalidField } from '../../lib/validation.js';
import { randomSecret } from '../../lib/secrets.js';
import type { AccessClaims } from '../../lib/tokens.js';
import type { CsvUserRecord } from './users.csv.js';
import type { UserCredentials, UserReferences } from './users.dependencies.js';
import { checkRow, designationIndex, type ImportCandidate } from './users.import-rows.js';
import * as repository from './users.repository.js';
import { assertMayAssignRole } from './users.service.js';
import { USER_UNIQUE_FIELDS } from './users.unique.js';

/** Rows per multi-row insert (one JSON parameter each); the whole import is one transaction. */
export const IMPORT_BATCH_SIZE = 500;
/** 16 random bytes: the 128 bits that make a fast keyed hash safe for a one-time password. */
const ONE_TIME_PASSWORD_BYTES = 16;

type ImportResult = TImportUsersResponse['data'];

export interface ImportInput {
  records: CsvUserRecord[];
  company_id: number;
  role: string;
  fileName: string;
}

const duplicateOf = (constraint: keyof typeof USER_UNIQUE_FIELDS) => USER_UNIQUE_FIELDS[constraint]!;

export function createUserImportService(
  context: AppContext,
  credentials: Pick<UserCredentials, 'hasher'>,
  references: UserReferences,
) {
  const { db } = context;
  const { hasher } = credentials;
  const { companies, designations } = references;

  /**
   * Marks rows that repeat an email, phone or SEVARTH ID of an earlier row of the file (failed), or
   * of a user who already exists (skipped): a re-run of the same file creates nobody twice.
   */
  async function withoutDuplicates(
    candidates: ImportCandidate[],
    results: Map<number, TImportRowResult>,
  ): Promise<ImportCandidate[]> {
    const firstLine = {
      email: new Map<string, number>(),
      phone: new Map<string, number>(),
      dgp_id: new Map<string, number>(),
    };
    const unique: ImportCandidate[] = [];
    for (const candidate of candidates) {
      const keys = { email: candidate.email, phone: candidate.phone_number, dgp_id: candidate.dgp_id };
      const repeated = (Object.keys(keys) as (keyof typeof keys)[]).find(
        (key) => keys[key] !== null && firstLine[key].has(keys[key]),
      );
      if (repeated) {
        const column = { email: 'EMAIL ID', phone: 'MOBILE NO', dgp_id: 'SEVARTH ID' }[repeated];
        results.set(candidate.line, {
          row: candidate.line,
          name: candidate.name,
          email: candidate.email,
          status: 'failed',
          field: repeated,
          error: `${column} repeats line ${firstLine[repeated].get(keys[repeated]!)}`,
        });
        continue;
      }
      for (const key of Object.keys(keys) as (keyof typeof keys)[])
        if (keys[key] !== null) firstLine[key].set(keys[key], candidate.line);
      unique.push(candidate);
    }

    const existing = await repository.findExistingIdentities(db, {
      emails: unique.map((c) => c.email),
      phones: unique.flatMap((c) => (c.phone_number ? [c.phone_number] : [])),
      dgpIds: unique.map((c) => c.dgp_id),
    });
    return unique.filter((candidate) => {
      const clash = existing.emails.has(candidate.email)
        ? duplicateOf('users_email_unique')
        : candidate.phone_number && existing.phones.has(candidate.phone_number)
          ? duplicateOf('users_phone_unique')
          : existing.dgpIds.has(candidate.dgp_id)
            ? duplicateOf('users_dgp_id_unique')
            : null;
      if (clash)
        results.set(candidate.line, {
          row: candidate.line,
          name: candidate.name,
          email: candidate.email,
          status: 'skipped',
          field: clash.field,
          error: clash.message,
        });
      return clash === null;
    });
  }

  return {
    async importUsers(actor: AccessClaims, input: ImportInput, ip: string | null): Promise<ImportResult> {
      const role = await repository.findRoleByName(db, input.role);
      if (!role) throw invalidField('role', 'users.unknown_role', { role: input.role }, `Unknown role: ${input.role}`);
      assertMayAssignRole(actor, role.name, true);
      if (!(await companies.exists(input.company_id, db)))
        throw invalidField('company_id', 'validation.company_not_found', {}, 'Company not found');

      // Rows only pick existing designations (by name or code; an unknown one fails the row): an import
      // never creates a designation nor sets its approval role, so it grants no step of the approval chain.
      const index = designationIndex(await designations.rows(db));
      const results = new Map<number, TImportRowResult>();
      const candidates: ImportCandidate[] = [];
      for (const record of input.records) {
        const check = checkRow(record, index);
        if (check.ok) candidates.push(check.candidate);
        else {
          const name = [record.values.first_name, record.values.middle_name, record.values.last_name]
            .filter(Boolean)
            .join(' ');
          results.set(record.line, {
            row: record.line,
            name,
            email: record.values.email,
            status: 'failed',
            field: check.field,
            error: check.error,
          });
        }
      }
      const toCreate = await withoutDuplicates(candidates, results);

      const passwords: ImportResult['passwords'] = [];
      const summary = () => {
        const all = [...results.values()];
        return {
          created: all.filter((r) => r.status === 'created').length,
          failed: all.filter((r) => r.status === 'failed').length,
          skipped: all.filter((r) => r.status === 'skipped').length,
        };
      };
      const auditImport = (executor: Executor) =>
        audit(executor, {
          actorId: actor.userId,
          action: 'user.import',
          entityType: 'user',
          outcome: 'success',
          ip,
          details: {
            file: input.fileName,
            rows: input.records.length,
            company_id: input.company_id,
            role: role.name,
            // Numbers in the file are verified by the importer (issue 31): who and when are this row's.
            phones_verified_by_import: true,
            ...summary(),
          },
        });

      // One transaction for the whole file (the reliability issue): a crash or a failure part-way creates
      // nobody, so no account exists whose one-time password nobody saw, and the same file can simply be
      // sent again. 10,000 rows take 2–3 s on PostgreSQL (docs/PERFORMANCE.md); on the embedded
      // database, a single connection, other requests wait for that long.
      // One-time passwords sign in for ONE_TIME_PASSWORD_TTL; then an administrator sets a new one.
      const expiresAt = new Date(clock.now().getTime() + context.config.oneTimePasswordTtl * 1000);
      await db.transaction(async (tx) => {
        for (let start = 0; start < toCreate.length; start += IMPORT_BATCH_SIZE) {
          const batch = toCreate.slice(start, start + IMPORT_BATCH_SIZE);
          const secrets = batch.map(() => randomSecret(ONE_TIME_PASSWORD_BYTES));
          const inserted = await repository.insertUsersSkippingConflicts(
            tx,
            batch.map((candidate, i) => ({
              first_name: candidate.first_name,
              middle_name: candidate.middle_name,
              last_name: candidate.last_name,
              email: candidate.email,
              phone_number: candidate.phone_number,
              dgp_id: candidate.dgp_id,
              designation_id: candidate.designation_id,
              designation: candidate.designation,
              whatsapp_enabled: candidate.whatsapp_enabled,
              whatsapp_language: candidate.whatsapp_language,
              company_id: input.company_id,
              role_id: role.id,
              password_hash: hasher.hashOneTime(secrets[i]!),
              must_change_password: true,
              password_expires_at: expiresAt,
            })),
            actor.userId,
          );
          const idByEmail = new Map(inserted.map((row) => [row.email, row.id]));
          batch.forEach((candidate, i) => {
            const userId = idByEmail.get(candidate.email);
            if (userId === undefined) {
              // Someone else created this person while the file was being imported.
              results.set(candidate.line, {
                row: candidate.line,
                name: candidate.name,
                email: candidate.email,
                status: 'skipped',
                error: 'Already exists',
              });
              return;
            }
            results.set(candidate.line, {
              row: candidate.line,
              name: candidate.name,
              email: candidate.email,
              status: 'created',
              user_id: userId,
            });
            passwords.push({ email: candidate.email, name: candidate.name, password: secrets[i]! });
          });
        }
        // The one audit row of the import commits with the people it created, counts complete.
        await auditImport(tx);
      });

      return { ...summary(), results: [...results.values()].sort((a, b) => a.row - b.row), passwords };
    },
  };
}
export type UserImportService = ReturnType<typeof createUserImportService>;
