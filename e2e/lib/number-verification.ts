import type { APIRequestContext } from '@playwright/test';
import { withEmbeddedDatabase } from './embedded-database.js';
import { expect } from './fixtures.js';
import { bearer, createStaffMembers } from './staff.js';

export interface Person {
  email: string;
  password: string;
}

/**
 * A person as an administrator creates them (with a number, which counts as verified by the
 * administrator) who has already chosen their own password, so the browser goes straight to the app.
 */
export async function createPerson(request: APIRequestContext, word: string, phone: string): Promise<Person> {
  const initial = 'Initial-number-2026';
  const email = `${word.toLowerCase()}.number@srpf.test`;
  await createStaffMembers(request, await bearer(request), [
    { first_name: word, middle_name: 'Vitthal', last_name: 'Shinde', email, phone, password: initial },
  ]);
  const own = await request.post('/api/auth/login', { data: { email, password: initial } });
  expect(own.status(), await own.text()).toBe(200);
  const password = 'Own-number-password-2026';
  const changed = await request.put('/api/users/profile/password', {
    headers: { authorization: `Bearer ${((await own.json()) as { token: string }).token}` },
    data: { current_password: initial, new_password: password, confirm_password: password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return { email, password };
}

/**
 * The code as the person's phone receives it, read from the embedded database of the stopped server (it
 * admits one process at a time), through the built server's own opener so the files keep their modes:
 * the template parameter of the newest verification message queued for them while it waits, or, once
 * the job has sent it (the delivery then forgets the code), the message its attempt left in the outbox.
 */
export async function codeSentTo(dataDir: string, email: string): Promise<string> {
  return withEmbeddedDatabase(dataDir, async (database) => {
    const { rows } = await database.pglite.query<{ template_params: string[] | null; sent: string | null }>(
      `SELECT d.template_params,
              (SELECT o.body::text FROM whatsapp_outbox AS o JOIN whatsapp_attempts AS a ON a.key = o.attempt_key
                WHERE a.delivery_id = d.id ORDER BY o.id DESC LIMIT 1) AS sent
         FROM whatsapp_deliveries AS d JOIN users AS u ON u.id = d.user_id
        WHERE lower(u.email) = $1 AND d.origin = 'verification' ORDER BY d.id DESC LIMIT 1`,
      [email.toLowerCase()],
    );
    const [row] = rows;
    const code = row?.template_params?.[0] ?? /"text":\s*"(\d{6})"/.exec(row?.sent ?? '')?.[1];
    if (!code) throw new Error(`No verification code was queued for ${email}`);
    return code;
  });
}
