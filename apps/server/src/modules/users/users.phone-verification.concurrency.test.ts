import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, users, whatsappDeliveries, whatsappVerificationCodes } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Two confirmations of the same code at once (a double tap, two tabs): the person's row lock makes one
 * confirm the number and use the code; the other finds the number verified and is refused with 409.
 * On PostgreSQL (TEST_DATABASE_URL) the two requests truly overlap.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { enqueueJobs: true });
});
afterAll(() => t.close());

const SEND = '/api/users/profile/whatsapp/verification';
const CONFIRM = '/api/users/profile/whatsapp/verification/confirm';

async function codeSentTo(userId: number): Promise<string> {
  const [delivery] = await t.database.db
    .select()
    .from(whatsappDeliveries)
    .where(and(eq(whatsappDeliveries.user_id, userId), eq(whatsappDeliveries.origin, 'verification')))
    .orderBy(desc(whatsappDeliveries.id))
    .limit(1);
  return (delivery!.template_params as string[])[0]!;
}

describe('two confirmations of one code at once', () => {
  it('verify the number once: one 200, one 409 already verified, the code used once, one success audited', async () => {
    const person = await t.asUser({ phone_number: '9712345678' });
    expect((await person.request({ method: 'POST', url: SEND })).statusCode).toBe(200);
    const code = await codeSentTo(person.id);

    const answers = await Promise.all(
      [1, 2].map(() => person.request({ method: 'POST', url: CONFIRM, payload: { code } })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json()).toMatchObject({
      success: false,
      error: { code: 'CONFLICT', reason: 'users.verification_already_verified' },
    });

    const codes = await t.database.db
      .select()
      .from(whatsappVerificationCodes)
      .where(eq(whatsappVerificationCodes.user_id, person.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]!.used_at).toBeInstanceOf(Date);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row!.phone_verified_at).toBeInstanceOf(Date);
    const confirmed = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'user.phone_verification'),
          eq(auditLog.entity_id, String(person.id)),
          eq(auditLog.outcome, 'success'),
        ),
      );
    expect(confirmed.filter((entry) => (entry.details as { step?: string }).step === 'confirmed')).toHaveLength(1);
  });
});
