import {
  dashboardAppointmentScope,
  needsApproval,
  type Actor,
  type RecordScope,
  type TKpiAppointment,
  type TKpiQuery,
  type TKpiResponse,
  type TKpiSummary,
} from '@srpf/shared';
import { csvDocument } from '@srpf/shared/common/csv';
import { dashboardCsvHead, dashboardCsvRow, KPI_TABLE_LIMIT } from '@srpf/shared/dashboard/dashboard.export';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { addDays, today } from '../../lib/clock.js';
import * as repository from './dashboard.repository.js';

/** What the dashboard asks of the libraries (given by the registry): documents issued in a range. */
export interface IssuedDocuments {
  countCreated(library: 'orders' | 'circulars', from: string, to: string): Promise<number>;
}

/** What the dashboard asks of the forms library (given by the registry): forms the viewer may see, created in a range. */
export interface VisibleForms {
  countCreated(actor: Actor, from: string, to: string): Promise<number>;
}

/** What the dashboard asks of the payslips (given by the registry): current slips the viewer may see, uploaded in a range. */
export interface VisiblePayslips {
  countCreated(actor: Actor, from: string, to: string): Promise<number>;
}

/** Rows read at a time by the export. */
const EXPORT_BATCH = 1000;
const AVERAGE_DAYS = 7;

type Range = { from: string; to: string };
type Row = Awaited<ReturnType<typeof repository.listAppointments>>[number];
type Counter = (range: Range, scope: RecordScope, actor: Actor) => Promise<number>;

export function createDashboardService(
  context: AppContext,
  libraries: IssuedDocuments,
  forms: VisibleForms,
  payslips: VisiblePayslips,
) {
  const { db } = context;

  /**
   * One counter per area; an area not built yet counts 0. Orders and circulars count the documents
   * created (issued) in the range, by the force's day, not their effective dates, which may lie
   * anywhere, past or future; they are force-wide, read by everyone. Forms likewise count those
   * uploaded in the range, but only the ones the viewer may see (private forms are their uploader's
   * and the forms managers'). Appointments count only those in the viewer's scope (the dashboard
   * policy).
   */
  const counters: Record<keyof TKpiSummary, Counter> = {
    orders: ({ from, to }) => libraries.countCreated('orders', from, to),
    circulars: ({ from, to }) => libraries.countCreated('circulars', from, to),
    appointments: ({ from, to }, scope) => repository.countAppointments(db, scope, from, to),
    forms: ({ from, to }, _scope, actor) => forms.countCreated(actor, from, to),
    // Payslips: the current slips uploaded in the range that the viewer may see (their own; with
    // manage_payslips, their companies').
    payslips: ({ from, to }, _scope, actor) => payslips.countCreated(actor, from, to),
  };

  async function summary(range: Range, scope: RecordScope, actor: Actor): Promise<TKpiSummary> {
    const entries = await Promise.all(
      Object.entries(counters).map(async ([key, counter]) => [key, await counter(range, scope, actor)] as const),
    );
    return Object.fromEntries(entries) as TKpiSummary;
  }

  async function hourly(scope: RecordScope, day: string) {
    const [todayCounts, weekCounts] = await Promise.all([
      repository.countByHour(db, scope, day, day),
      repository.countByHour(db, scope, addDays(day, -AVERAGE_DAYS), addDays(day, -1)),
    ]);
    return Array.from({ length: 24 }, (_, index) => {
      const hour = String(index).padStart(2, '0');
      const average = (weekCounts.get(hour) ?? 0) / AVERAGE_DAYS;
      return { hour, today: todayCounts.get(hour) ?? 0, average7d: Math.round(average * 100) / 100 };
    });
  }

  /** The range a query asks for: from/to, else the last `days` days (1 by default) up to today. */
  function rangeOf(query: TKpiQuery): Range {
    const day = today();
    return query.from && query.to
      ? { from: query.from, to: query.to }
      : { from: addDays(day, -((query.days ?? 1) - 1)), to: day };
  }

  return {
    rangeOf,

    async daily(actor: Actor, query: TKpiQuery): Promise<TKpiResponse['data']> {
      const range = rangeOf(query);
      const scope = dashboardAppointmentScope(actor);
      const [totals, rows, hours, statuses] = await Promise.all([
        summary(range, scope, actor),
        repository.listAppointments(db, scope, range, { limit: KPI_TABLE_LIMIT }),
        hourly(scope, today()),
        repository.countByStatus(db, scope, range.from, range.to),
      ]);
      // The pending list needs every pending row of the range, not those among the first page.
      const pendingStatuses = statuses.map((entry) => entry.status).filter(needsApproval);
      const pending = pendingStatuses.length
        ? await repository.listAppointments(db, scope, range, { limit: KPI_TABLE_LIMIT, statuses: pendingStatuses })
        : [];
      return {
        range,
        summary: totals,
        appointments: rows.map(toKpiAppointment),
        hourly: hours,
        statuses,
        pending: pending.map(toKpiAppointment),
      };
    },

    /**
     * The dashboard's export of a range as CSV text, piece by piece (a stream's chunks): the BOM and the
     * summary, then every appointment, a batch of rows at a time, so a year of appointments never
     * sits in memory whole. The batches are separate queries: a row moved while the file is being
     * read may be missed or listed twice. One transaction around the whole download would prevent
     * that, but would hold the embedded database's only connection for as long as the client reads.
     */
    /**
     * The CSV of a range, read in batches as the client takes it. A bulk read of names and phone
     * numbers: audited before the first byte leaves (who, range, rows).
     */
    async *exportCsv(actor: Actor, range: Range, ip: string | null): AsyncGenerator<string> {
      const scope = dashboardAppointmentScope(actor);
      const head = await summary(range, scope, actor);
      await audit(db, {
        actorId: actor.userId,
        action: 'dashboard.export',
        entityType: 'appointment',
        outcome: 'success',
        ip,
        details: { ...range, rows: head.appointments },
      });
      yield csvDocument(dashboardCsvHead(head));
      let after: Row | undefined;
      for (;;) {
        const batch = await repository.listAppointments(db, scope, range, { limit: EXPORT_BATCH, after });
        if (batch.length) yield `${batch.map((row) => dashboardCsvRow(toKpiAppointment(row))).join('\r\n')}\r\n`;
        if (batch.length < EXPORT_BATCH) return;
        after = batch.at(-1);
      }
    },
  };
}

function toKpiAppointment(row: Row): TKpiAppointment {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  const officerName = [row.officer_first, row.officer_last].filter(Boolean).join(' ');
  return {
    id: row.id,
    appointment_date: row.appointment_date,
    appointment_time: row.appointment_time,
    first_name: row.first_name,
    last_name: row.last_name,
    name,
    officer_name: officerName || null,
    phone_number: row.phone_number,
    badge_number: row.badge_number,
    request_type: row.request_type,
    status: row.status,
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
