import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { whatsappVerificationCodes } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createPayslipTestApp, type PayslipTestApp } from '../../test/payslip-fixtures.js';
import { createVerificationCodePrune } from './whatsapp.verification-codes.prune.js';

/** The minute's sweep deletes verification codes created more than a day ago (expired or used), only those. */

let t: PayslipTestApp;
beforeAll(async () => {
  t = await createPayslipTestApp();
});
afterAll(async () => t.close());

const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('pruning verification codes', () => {
  it('deletes day-old codes, used or expired, and keeps the codes of the last day (the hourly limit counts them)', async () => {
    const { id: userId } = await t.buildUser({ first_name: 'Asha', last_name: 'Code', phone_number: '9811122233' });
    const code = (name: string, createdAt: Date, used: boolean) => ({
      user_id: userId,
      phone_number: '9811122233',
      code_hash: name,
      created_at: createdAt,
      expires_at: new Date(createdAt.getTime() + 15 * 60_000),
      used_at: used ? new Date(createdAt.getTime() + 60_000) : null,
    });
    await t.database.db
      .insert(whatsappVerificationCodes)
      .values([
        code('old-used', ago(25 * HOUR), true),
        code('old-expired', ago(30 * 24 * HOUR), false),
        code('recent-expired', ago(2 * HOUR), false),
        code('recent-used', ago(23 * HOUR), true),
        code('live', ago(60_000), false),
      ]);
    const prune = createVerificationCodePrune({ db: t.database.db, clock });
    expect(await prune()).toBe(2);
    const left = await t.database.db
      .select({ name: whatsappVerificationCodes.code_hash })
      .from(whatsappVerificationCodes)
      .where(eq(whatsappVerificationCodes.user_id, userId));
    expect(left.map((row) => row.name).sort()).toEqual(['live', 'recent-expired', 'recent-used']);
    // The next minute finds nothing more to delete.
    expect(await prune()).toBe(0);
  });
});
