import type { APIRequestContext } from '@playwright/test';
import { withEmbeddedDatabase } from './embedded-database.js';
import { bearer, createStaffMembers } from './staff.js';

/** The people of the messaging overview's test: eight constables of company 1, each with a mobile number. */
export const MESSAGING_STAFF = Array.from({ length: 8 }, (_, index) => ({
  firstName: 'Constable',
  lastName: ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight'][index]!,
  email: `messaging.${index + 1}@srpf.test`,
  phone: `982300000${index + 1}`,
}));
/** A clerk without send_whatsapp: no Messaging for him. */
export const PLAIN_CLERK = { email: 'messaging.clerk@srpf.test', password: 'Plain-clerk-2026-x' };
export const STRANGER_NUMBER = '919999900000';
export const FORMULA_BODY = '=SUM(A1:A9)';

export async function createMessagingStaff(request: APIRequestContext): Promise<void> {
  const people = [
    ...MESSAGING_STAFF.map((person) => ({ ...person, password: 'Initial-messaging-2026' })),
    {
      firstName: 'Plain',
      lastName: 'Clerk',
      email: PLAIN_CLERK.email,
      phone: '9823000100',
      password: PLAIN_CLERK.password,
    },
  ];
  await createStaffMembers(
    request,
    await bearer(request),
    people.map((person) => ({
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
      phone: person.phone,
      password: person.password,
      whatsapp_enabled: true,
      whatsapp_language: 'en',
    })),
  );
}

/**
 * The messages, written straight into the embedded database of the stopped server (as
 * payslip-delivery.ts does): each constable wrote (constable i, i hours ago); the first four were
 * answered half an hour later; the fifth's answer failed (a text a spreadsheet would run as a formula);
 * a number of nobody wrote ten minutes ago. Hand-counted over 30 days: 14 messages, 9 received,
 * 4 sent, 1 failed, 9 contacts, 4 of 9 answered (44.4%).
 */
export async function seedMessages(dataDir: string): Promise<void> {
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
  await withEmbeddedDatabase(dataDir, async (database) => {
    for (const [index, person] of MESSAGING_STAFF.entries()) {
      const hours = index + 1;
      const number = `91${person.phone}`;
      await database.pglite.query(
        `INSERT INTO whatsapp_inbound_messages (wamid, from_number, user_id, type, body, sent_at)
         VALUES ($1, $2, (SELECT id FROM users WHERE email = $3), 'text', $4, $5)`,
        [`wamid.e2e-in-${hours}`, number, person.email, `Question from ${person.lastName}`, at(hours)],
      );
      if (hours > 5) continue;
      const failed = hours === 5;
      await database.pglite.query(
        `INSERT INTO whatsapp_deliveries (kind, origin, user_id, to_number, language, state, body, created_at, updated_at)
         VALUES ('text', 'message', (SELECT id FROM users WHERE email = $1), $2, 'en', $3, $4, $5, $5)`,
        [
          person.email,
          number,
          failed ? 'failed' : 'read',
          failed ? FORMULA_BODY : `Answer to ${person.lastName}`,
          at(hours - 0.5),
        ],
      );
    }
    await database.pglite.query(
      `INSERT INTO whatsapp_inbound_messages (wamid, from_number, contact_name, type, body, sent_at)
       VALUES ('wamid.e2e-stranger', $1, 'Unknown Caller', 'text', 'Is this the SRPF office?', $2)`,
      [STRANGER_NUMBER, at(1 / 6)],
    );
  });
}
