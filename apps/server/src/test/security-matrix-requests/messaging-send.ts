import { eq } from 'drizzle-orm';
import { users, whatsappInboundMessages } from '../../db/schema/index.js';
import { uniqueWord } from '../security-matrix-fixtures.js';
import { baseOf, type Fixture } from './fixture.js';

let sequence = 0;

/** The permission matrix's requests of New Message (POST /api/whatsapp/send, issue 31). */
export const MESSAGING_SEND_FIXTURES: Record<string, Fixture> = {
  'POST /api/whatsapp/send': {
    async prepare(context) {
      // A person of the record's kind who may be written to: WhatsApp on, a verified number of their
      // own (unique in this world), and a message of theirs an hour ago (the window is open).
      const person = await context.world.freshSubject(baseOf(context), context.actor);
      sequence += 1;
      const phone = `96${String(30_000_000 + sequence).slice(-8)}`;
      const db = context.world.t.database.db;
      await db
        .update(users)
        .set({
          phone_number: phone,
          whatsapp_enabled: true,
          phone_verified_at: new Date(),
          phone_verified_source: 'admin',
        })
        .where(eq(users.id, person.id));
      await db.insert(whatsappInboundMessages).values({
        wamid: `wamid.${uniqueWord('Ms')}`,
        from_number: `91${phone}`,
        type: 'text',
        body: 'hello',
        sent_at: new Date(Date.now() - 3600_000),
      });
      return { url: '/api/whatsapp/send', payload: { user_id: person.id, body: 'Matrix message' } };
    },
  },
};
