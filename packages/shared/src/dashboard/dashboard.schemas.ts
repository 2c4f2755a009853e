import { z } from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');

/** Either days (1, 7 or 30) or a from/to range; the range wins when both are given. */
export const ZKpiQuery = z
  .object({
    days: z.coerce
      .number()
      .int()
      .refine((d) => [1, 7, 30].includes(d), 'days must be 1, 7 or 30')
      .optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { message: 'Give both from and to', path: ['from'] })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  })
  .refine((q) => q.from === undefined || q.to === undefined || daysBetween(q.from, q.to) <= 366, {
    message: 'A range can span at most 366 days',
    path: ['to'],
  });
export type TKpiQuery = z.infer<typeof ZKpiQuery>;

function daysBetween(from: string, to: string): number {
  return (Date.parse(to) - Date.parse(from)) / 86_400_000;
}

export const ZKpiSummary = z.object({
  orders: z.number().int(),
  circulars: z.number().int(),
  appointments: z.number().int(),
  forms: z.number().int(),
  payslips: z.number().int(),
});
export type TKpiSummary = z.infer<typeof ZKpiSummary>;

/** A dashboard appointment row (document 1, section 3). */
export const ZKpiAppointment = z.object({
  id: z.number().int(),
  appointment_date: z.string(),
  appointment_time: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  name: z.string(),
  officer_name: z.string().nullable(),
  phone_number: z.string().nullable(),
  badge_number: z.string().nullable(),
  request_type: z.string(),
  status: z.string(),
});
export type TKpiAppointment = z.infer<typeof ZKpiAppointment>;

export const ZKpiResponse = z.object({
  success: z.literal(true),
  data: z.object({
    range: z.object({ from: isoDate, to: isoDate }),
    summary: ZKpiSummary,
    /** The range's appointments, earliest first, at most KPI_TABLE_LIMIT of dashboard-export.ts (summary.appointments counts them all). */
    appointments: z.array(ZKpiAppointment),
    hourly: z.array(z.object({ hour: z.string(), today: z.number(), average7d: z.number() })),
    /** Every appointment of the range counted by its status (the status chart). */
    statuses: z.array(z.object({ status: z.string(), count: z.number().int() })),
    /** The range's appointments awaiting approval (pending group or no status), earliest first, at most KPI_TABLE_LIMIT. */
    pending: z.array(ZKpiAppointment),
  }),
});
export type TKpiResponse = z.infer<typeof ZKpiResponse>;
