import type { APIRequestContext } from '@playwright/test';
import { withEmbeddedDatabase } from './embedded-database.js';
import { bearer, createStaffMembers } from './staff.js';

/**
 * The people of the New Message browser test (issue 31): two constables of company 1 with WhatsApp
 * switched on and a number an administrator set (verified by the administrator); only the first wrote
 * in, so only their 24-hour window is open.
 */
export const WROTE_IN = { firstName: 'Rahul', lastName: 'Kale', email: 'rahul.kale@srpf.test', phone: '9823100001' };
export const SILENT = { firstName: 'Meena', lastName: 'Jagtap', email: 'meena.jagtap@srpf.test', phone: '9823100002' };
export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;
export const QUESTION = 'When is my leave from?';

export async function createNewMessagePeople(request: APIRequestContext): Promise<void> {
  await createStaffMembers(
    request,
    await bearer(request),
    [WROTE_IN, SILENT].map((person) => ({
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
      phone: person.phone,
      password: 'Initial-new-message-2026',
      whatsapp_enabled: true,
      whatsapp_language: 'en',
    })),
  );
}

/** The first person's question an hour ago, as the webhook would have stored it (written while the server is stopped). */
export async function seedQuestion(dataDir: string): Promise<void> {
  await withEmbeddedDatabase(dataDir, (database) =>
    database.pglite.query(
      `INSERT INTO whatsapp_inbound_messages (wamid, from_number, user_id, contact_name, type, body, sent_at)
       VALUES ('wamid.e2e-new-message', $1, (SELECT id FROM users WHERE email = $2), $3, 'text', $4, $5)`,
      [
        `91${WROTE_IN.phone}`,
        WROTE_IN.email,
        fullName(WROTE_IN),
        QUESTION,
        new Date(Date.now() - 3_600_000).toISOString(),
      ],
    ),
  );
}
