import type { PayslipListQuery } from '../lib/list-filters';

/** Every payslips query starts with ['payslips'], so an upload reloads the list and the counts at once. */
export const payslipKeys = {
  all: ['payslips'] as const,
  list: (query: PayslipListQuery) => ['payslips', 'list', query] as const,
  stats: (monthYear: string | null) => ['payslips', 'stats', monthYear] as const,
  /** The WhatsApp queue's state (GET /whatsapp/queue): under ['payslips'], so a send reloads it with the list. */
  whatsappQueue: ['payslips', 'whatsapp-queue'] as const,
};

/** The list reloads every 30 s and the counts every 60 s (section 9); while a PDF is being made, the list every 5 s. */
export const PAYSLIPS_REFETCH_INTERVAL_MS = 30_000;
export const PAYSLIPS_WAITING_REFETCH_MS = 5_000;
export const PAYSLIP_STATS_REFETCH_INTERVAL_MS = 60_000;
/** While a slip on the page is queued or sent, the list every 10 s, so it moves to delivered and read by itself. */
export const PAYSLIPS_DELIVERY_REFETCH_MS = 10_000;
/** The queue's state (outbox, pause, daily limit, slips needing a check) every 15 s while the screen is open. */
export const WHATSAPP_QUEUE_REFETCH_INTERVAL_MS = 15_000;
