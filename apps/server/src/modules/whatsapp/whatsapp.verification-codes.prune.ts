import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { whatsappVerificationCodes } from '../../db/schema/index.js';

/**
 * Part of the minute's sweep: verification codes are worth keeping only while they may be tried (15
 * minutes) and counted for a person's hourly limit (an hour). Codes created more than a day ago,
 * expired or used, are deleted, so the table holds a day's codes, not every code ever sent.
 */

export const VERIFICATION_CODES_KEPT_MS = 24 * 3600_000;

export function createVerificationCodePrune(context: Pick<AppContext, 'db' | 'clock'>) {
  const { db, clock } = context;

  return async function pruneVerificationCodes(): Promise<number> {
    const now = clock.now();
    const deleted = await db
      .delete(whatsappVerificationCodes)
      .where(
        and(
          lt(whatsappVerificationCodes.created_at, new Date(now.getTime() - VERIFICATION_CODES_KEPT_MS)),
          or(lt(whatsappVerificationCodes.expires_at, now), isNotNull(whatsappVerificationCodes.used_at)),
        ),
      )
      .returning({ id: whatsappVerificationCodes.id });
    return deleted.length;
  };
}
