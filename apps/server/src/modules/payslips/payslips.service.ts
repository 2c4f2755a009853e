import {
  fullNameOf,
  isOthersPayslip,
  mayManagePayslips,
  mayReceiveUploadedSlip,
  maySeePayslip,
  mayUploadPayslips,
  paginationOf,
  PAYSLIP_MESSAGES,
  PAYSLIP_PDF_STATES,
  PAYSLIP_STATUSES,
  payslipPdfName,
  payslipRecordScope,
  WHATSAPP_LANGUAGES,
  whatsappNumber,
  type Actor,
  type TPayslipEligibleUser,
  type TPayslipListQuery,
  type TPayslipListResponse,
  type TPayslipRendererState,
  type TPayslipStats,
  type TPayslipUploadFailure,
  type TPayslipUploadResponse,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { createLimitedAudit } from '../../lib/audit-limiter.js';
import { addDays, startOfForceDay } from '../../lib/clock.js';
import { uniqueViolationOf } from '../../lib/db-errors.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { pdfNotReadyReason } from './payslips.pdf-reason.js';
import { toPayslip } from './payslips.presenter.js';
import type { PayslipRenderer } from './payslips.renderer.js';
import { publicRendererState } from './render/renderer-state.js';
import * as repository from './payslips.repository.js';
import { PAYSLIP_RENDER_JOB, renderJobKey } from './payslips.render-job.js';
import { uploadFailure, type SlipUpload, type UploadedSlip } from './payslips.upload.js';

export interface PayslipsDependencies {
  renderer: PayslipRenderer;
}

/** A slip read and matched to a person of the uploader's scope. */
interface MatchedSlip {
  upload: UploadedSlip;
  userId: number;
  personName: string;
}

const payslipNotFound = () => notFound('payslips.not_found', 'Payslip');
/** How long an upload or the stats wait for the renderer's first check. */
const STATE_WAIT_MS = 3_000;
/** At most this many other people's ids are named in one audit row of a list (the count covers them all). */
const AUDITED_IDS = 100;

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;

/** The upload's sentence for the result panel and the toast. */
export function uploadMessage(
  stored: number,
  newVersions: number,
  failed: number,
  renderer: TPayslipRendererState,
): string {
  if (stored === 0) return `No payslips uploaded: ${plural(failed, 'file', 'files')} failed.`;
  const parts = [`${plural(stored, 'payslip', 'payslips')} uploaded`];
  if (newVersions > 0) parts.push(`${plural(newVersions, 'as a new version', 'as new versions')}`);
  if (failed > 0) parts.push(`${plural(failed, 'file', 'files')} failed`);
  return `${parts.join(', ')}. ${renderer.available ? 'PDFs are being made in the background.' : PAYSLIP_MESSAGES.pdfsLater}`;
}

/** Salary slips (issue 19): upload and matching, lists, stats, the WhatsApp-eligible people and downloads. */
export function createPayslipsService(context: AppContext, dependencies: PayslipsDependencies) {
  const { db, storage, clock, jobs, logger } = context;
  const { renderer } = dependencies;
  // A refused download is answered at once, so a loop could write rows at will: one a minute per person.
  const refusedDownloads = createLimitedAudit(() => clock.now());

  async function rendererState(): Promise<TPayslipRendererState> {
    try {
      // Within a moment: a first check may still be starting Chromium (the jobs wait for the real answer).
      const state = await renderer.state({ waitMs: STATE_WAIT_MS });
      return {
        available: state.available,
        reason: state.available ? null : (state.reason ?? 'Chromium is not available'),
      };
    } catch (error) {
      logger.warn({ err: error }, 'could not tell whether the PDF renderer is available');
      return { available: false, reason: 'The PDF renderer could not be checked' };
    }
  }

  const discardAll = (slips: readonly UploadedSlip[]) =>
    Promise.all(slips.map((slip) => storage.discard(slip.key).catch(() => undefined)));

  /**
   * The matched slips in one transaction: the current versions they replace locked and superseded,
   * the new rows written in batches, one render job each enqueued with them, the upload audited, and
   * the stored HTML published as its last step.
   */
  async function store(actor: Actor, matched: readonly MatchedSlip[], pdfNote: string | null, ip: string | null) {
    const now = clock.now();
    const groups = new Map<string, MatchedSlip[]>();
    for (const entry of matched) {
      const key = `${entry.userId}|${entry.upload.slip.month}`;
      const group = groups.get(key);
      if (group) group.push(entry);
      else groups.set(key, [entry]);
    }
    let newVersions = 0;
    let published = 0;
    try {
      await db.transaction(async (tx) => {
        const userIds = [...new Set(matched.map((entry) => entry.userId))];
        const months = [...new Set(matched.map((entry) => entry.upload.slip.month))];
        const current = new Map(
          (await repository.lockCurrentVersions(tx, userIds, months)).map((row) => [
            `${row.user_id}|${row.salary_month}`,
            row,
          ]),
        );
        const superseded: number[] = [];
        const rows: repository.SlipValues[] = [];
        for (const [key, group] of groups) {
          const previous = current.get(key);
          if (previous) superseded.push(previous.id);
          newVersions += previous ? group.length : group.length - 1;
          group.forEach(({ upload, userId, personName }, index) => {
            const { slip } = upload;
            rows.push({
              user_id: userId,
              salary_month: slip.month,
              version: (previous?.version ?? 0) + index + 1,
              // In one upload, the last slip of an employee and month is the current one.
              superseded_at: index < group.length - 1 ? now.toISOString() : null,
              file_name: upload.fileName,
              html_key: upload.key,
              html_size: upload.size,
              pdf_error: pdfNote,
              sevarth_id: slip.sevarthId,
              // A slip without a name shows the name of the person it was matched to.
              employee_name: slip.employeeName ?? personName,
              payslip_number: slip.payslipNumber,
              date_of_birth: slip.dateOfBirth,
              date_of_joining: slip.dateOfJoining,
              date_of_retirement: slip.dateOfRetirement,
              gross_paise: slip.grossPaise,
              deductions_paise: slip.deductionsPaise,
              net_paise: slip.netPaise,
              consistent: slip.consistent,
              uploaded_by: actor.userId,
            });
          });
        }
        await repository.supersede(tx, superseded, now);
        const ids = await repository.insertPayslips(tx, rows, now);
        await jobs.enqueueMany(
          tx,
          PAYSLIP_RENDER_JOB,
          ids.map((id) => ({ data: { payslipId: id }, singletonKey: renderJobKey(id) })),
        );
        await audit(tx, {
          actorId: actor.userId,
          action: 'payslip.upload',
          entityType: 'payslip',
          outcome: 'success',
          ip,
          details: {
            stored: rows.length,
            new_versions: newVersions,
            months,
            people: userIds.length,
            first_ids: ids.slice(0, AUDITED_IDS),
          },
        });
        for (const entry of matched) {
          await storage.commit(entry.upload.key);
          published += 1;
        }
      });
    } catch (error) {
      // Published files are removed again, the others discarded: a failed upload leaves no row and no file.
      await Promise.all(
        matched.map((entry, index) =>
          (index < published ? storage.delete(entry.upload.key) : storage.discard(entry.upload.key)).catch(
            () => undefined,
          ),
        ),
      );
      if (uniqueViolationOf(error) !== undefined)
        throw new AppError(
          'payslips.upload_collided',
          {},
          'Another upload of slips for the same people and months was being saved at the same time: upload again',
        );
      throw error;
    }
    return { newVersions };
  }

  return {
    rendererState,

    /** The dashboard's count: current slips the actor may see, uploaded between the two force days (both included). */
    countCreated(actor: Actor, from: string, to: string): Promise<number> {
      return repository.countUploaded(
        db,
        payslipRecordScope(actor),
        startOfForceDay(from),
        startOfForceDay(addDays(to, 1)),
      );
    },

    /** Matches an upload's slips to people by Sevarth ID (= DGP ID), stores them and queues their PDFs. */
    async upload(actor: Actor, upload: SlipUpload, ip: string | null): Promise<TPayslipUploadResponse> {
      if (!mayUploadPayslips(actor)) {
        await discardAll(upload.slips);
        throw forbidden('payslips.upload_forbidden', 'You do not have permission to upload payslips');
      }
      const failures: TPayslipUploadFailure[] = [...upload.failures];
      const matched: MatchedSlip[] = [];
      try {
        const people = await repository.peopleBySevarthId(db, [
          ...new Set(upload.slips.map((entry) => entry.slip.sevarthId)),
        ]);
        const bySevarthId = new Map(people.map((person) => [person.dgp_id, person]));
        const unmatched: UploadedSlip[] = [];
        for (const entry of upload.slips) {
          const person = bySevarthId.get(entry.slip.sevarthId);
          // Someone outside the uploader's companies is answered as unknown: the upload reveals nobody.
          if (!person || !mayReceiveUploadedSlip(actor, { companyId: person.company_id })) {
            failures.push(
              uploadFailure(
                entry.fileName,
                'unknown_sevarth_id',
                `No employee with the Sevarth ID ${entry.slip.sevarthId}`,
              ),
            );
            unmatched.push(entry);
            continue;
          }
          matched.push({ upload: entry, userId: person.id, personName: fullNameOf(person) });
        }
        await discardAll(unmatched);
      } catch (error) {
        await discardAll(upload.slips);
        throw error;
      }
      const renderer = await rendererState();
      const pdfNote = renderer.available ? null : `Waiting for Chromium: ${renderer.reason ?? 'not available'}`;
      let newVersions = 0;
      if (matched.length > 0) ({ newVersions } = await store(actor, matched, pdfNote, ip));
      else
        await audit(db, {
          actorId: actor.userId,
          action: 'payslip.upload',
          entityType: 'payslip',
          outcome: 'failure',
          ip,
          details: { stored: 0, failed: failures.length },
        });
      const stored = matched.length;
      return {
        success: stored > 0,
        message: uploadMessage(stored, newVersions, failures.length, renderer),
        processed: {
          successful: stored,
          failed: failures.length,
          failures,
          new_versions: newVersions,
          inconsistent: matched.filter((entry) => !entry.upload.slip.consistent).length,
          months: [...new Set(matched.map((entry) => entry.upload.slip.month))].sort(),
        },
        renderer,
        pdfs_pending: stored,
      };
    },

    /** A page of current slips in the actor's scope; a page showing other people's slips is audited. */
    async list(
      actor: Actor,
      query: TPayslipListQuery,
      ip: string | null,
    ): Promise<Omit<TPayslipListResponse, 'success'>> {
      const scope = payslipRecordScope(actor);
      const filter: repository.PayslipFilter = {
        status: query.status,
        monthYear: query.month_year,
        search: query.search,
        companyId: query.company_id,
        userId: query.user_id,
        pdfState: query.pdf_state,
      };
      const { rows, total } = await repository.listPayslips(db, scope, filter, query.page, query.limit);
      const versions = await repository.earlierVersions(db, rows);
      const versionsOf = (row: repository.PayslipView) =>
        versions.filter((version) => version.user_id === row.user_id && version.salary_month === row.salary_month);
      const others = rows.filter((row) => isOthersPayslip(actor, { userId: row.user_id }));
      if (others.length > 0) {
        await audit(db, {
          actorId: actor.userId,
          action: 'payslip.read',
          entityType: 'payslip',
          outcome: 'success',
          ip,
          details: {
            listed: others.length,
            payslip_ids: others.slice(0, AUDITED_IDS).map((row) => row.id),
            user_ids: [...new Set(others.map((row) => row.user_id))].slice(0, AUDITED_IDS),
            query,
          },
        });
      }
      const pagination = paginationOf(query.page, query.limit, total);
      const withRendererDetail = mayManagePayslips(actor);
      return {
        data: {
          payslips: rows.map((row) => toPayslip(row, versionsOf(row), withRendererDetail)),
          total,
          page: pagination.page,
          totalPages: pagination.totalPages,
        },
        pagination,
      };
    },

    async stats(actor: Actor, monthYear: string | undefined): Promise<TPayslipStats> {
      const row = await repository.payslipStats(db, payslipRecordScope(actor), monthYear);
      const state = await rendererState();
      return {
        month_year: monthYear ?? null,
        total: row.total,
        by_status: { generated: row.generated, sent: row.sent, delivered: row.delivered, failed: row.failed },
        by_pdf_state: { waiting: row.waiting, ready: row.ready, failed: row.pdf_failed },
        inconsistent: row.inconsistent,
        with_versions: row.with_versions,
        whatsapp_eligible: row.whatsapp_eligible,
        // Anyone signed in may ask: the renderer's own reason only for those who manage payslips.
        renderer: mayManagePayslips(actor) ? state : publicRendererState(state),
      };
    },

    /** People who could get their slip on WhatsApp (manage_payslips; audited: it shows their phones). */
    async eligibleUsers(
      actor: Actor,
      monthYear: string | undefined,
      ip: string | null,
    ): Promise<TPayslipEligibleUser[]> {
      if (!mayManagePayslips(actor)) throw forbidden();
      const rows = await repository.eligibleUsers(db, payslipRecordScope(actor), monthYear);
      const users = rows.flatMap((row): TPayslipEligibleUser[] => {
        const number = whatsappNumber(row.phone_number);
        if (number === null || row.phone_number === null) return [];
        return [
          {
            id: row.id,
            full_name: fullNameOf(row),
            dgp_id: row.dgp_id,
            company_id: row.company_id,
            phone_number: row.phone_number,
            whatsapp_number: number,
            whatsapp_language: (WHATSAPP_LANGUAGES as readonly string[]).includes(row.whatsapp_language)
              ? (row.whatsapp_language as TPayslipEligibleUser['whatsapp_language'])
              : 'en',
            payslip_id: row.payslip_id,
            salary_month: row.salary_month,
            payslip_status: (PAYSLIP_STATUSES as readonly string[]).includes(row.status)
              ? (row.status as TPayslipEligibleUser['payslip_status'])
              : 'sent',
            pdf_state: (PAYSLIP_PDF_STATES as readonly string[]).includes(row.pdf_state)
              ? (row.pdf_state as TPayslipEligibleUser['pdf_state'])
              : 'waiting',
          },
        ];
      });
      if (users.some((user) => user.id !== actor.userId)) {
        await audit(db, {
          actorId: actor.userId,
          action: 'payslip.read',
          entityType: 'payslip',
          outcome: 'success',
          ip,
          details: { eligible_users: users.length, month_year: monthYear ?? null },
        });
      }
      return users;
    },

    /**
     * A slip's PDF (any version): its owner, or manage_payslips within the scope. Someone else's is
     * audited; a refused one too (at most one row a minute per person, counting the rest), answered
     * as not found (nobody learns whose slips exist).
     */
    async download(actor: Actor, id: number, ip: string | null) {
      const row = await repository.findPayslip(db, id);
      if (!row || !maySeePayslip(actor, { userId: row.user_id, companyId: row.person_company_id })) {
        await refusedDownloads.write(db, `user:${actor.userId}|payslip.download`, {
          actorId: actor.userId,
          action: 'payslip.download',
          entityType: 'payslip',
          entityId: id,
          outcome: 'failure',
          ip,
          details: { reason: row ? 'not permitted' : 'no such payslip' },
        });
        throw payslipNotFound();
      }
      if (row.pdf_state !== 'ready' || !row.pdf_key) {
        // The renderer's own words only for those who manage payslips (as in the list).
        const detail = row.pdf_error && mayManagePayslips(actor) ? `: ${row.pdf_error}` : '';
        const message =
          row.pdf_state === 'failed' ? `${PAYSLIP_MESSAGES.pdfFailed}${detail}` : PAYSLIP_MESSAGES.pdfNotReady;
        throw new AppError(pdfNotReadyReason(row.pdf_state, row.pdf_error), {}, message);
      }
      const file = await storage.get(row.pdf_key);
      if (!file) {
        logger.error({ payslipId: id, key: row.pdf_key }, 'a payslip refers to a PDF that is missing');
        throw notFound('payslips.pdf_missing', 'The PDF of this payslip');
      }
      if (isOthersPayslip(actor, { userId: row.user_id })) {
        await audit(db, {
          actorId: actor.userId,
          action: 'payslip.download',
          entityType: 'payslip',
          entityId: id,
          outcome: 'success',
          ip,
          details: { user_id: row.user_id, salary_month: row.salary_month, version: row.version },
        });
      }
      return { stream: file.stream, size: file.size, fileName: payslipPdfName(row.file_name) };
    },
  };
}
export type PayslipsService = ReturnType<typeof createPayslipsService>;
