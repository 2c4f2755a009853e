import { z } from 'zod';

export const ZHealthLive = z.object({ status: z.literal('ok'), uptime: z.number() });
export type THealthLive = z.infer<typeof ZHealthLive>;
/** Whether the server can make payslip PDFs (headless Chromium); reported, never a reason to be unready. */
export const ZRendererState = z.object({ available: z.boolean(), reason: z.string().optional() });
export type TRendererState = z.infer<typeof ZRendererState>;
export const ZHealthReady = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  renderer: ZRendererState,
  /** Present only while WhatsApp sending is paused (issue 30): a warning, never a reason to be unready. */
  whatsapp: z.object({ status: z.literal('paused'), since: z.string(), message: z.string() }).optional(),
});
export type TWhatsappReadiness = NonNullable<z.infer<typeof ZHealthReady>['whatsapp']>;
export type THealthReady = z.infer<typeof ZHealthReady>;
