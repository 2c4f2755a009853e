import { z } from 'zod';

export const ZHealthLive = z.object({ status: z.literal('ok'), uptime: z.number() });
export type THealthLive = z.infer<typeof ZHealthLive>;
export const ZHealthReady = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
});
