import type { TRendererState, TWhatsappReadiness } from '@srpf/shared';

/**
 * What `GET /api/health/ready` reports besides the database, each part contributed by the module that
 * owns it (manifest `readiness`), so the health module imports no other module. A part is reported,
 * never a reason to fail readiness. Its fields follow the answer's schema (ZHealthReady in @srpf/shared).
 */
export interface ReadinessReports {
  /** Whether payslip PDFs can be made, as anyone may read it (contributed by payslips). */
  renderer: () => Promise<TRendererState>;
  /** A paused WhatsApp queue, as anyone may read it (contributed by whatsapp); null while sending. */
  whatsapp?: () => Promise<TWhatsappReadiness | null>;
}
