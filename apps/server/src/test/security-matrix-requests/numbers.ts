import { and, desc, eq } from 'drizzle-orm';
import { whatsappDeliveries } from '../../db/schema/index.js';
import type { Fixture } from './fixture.js';

/** The permission matrix's requests of confirming one's own number (issue 31; see ./fixture.ts). */
export const NUMBERS_FIXTURES: Record<string, Fixture> = {
  'POST /api/users/profile/whatsapp/verification': {
    freshActor: true,
    prepare: () => ({ url: '/api/users/profile/whatsapp/verification' }),
  },
  'POST /api/users/profile/whatsapp/verification/confirm': {
    freshActor: true,
    async prepare({ world, actor }) {
      if (!actor) return { url: '/api/users/profile/whatsapp/verification/confirm', payload: { code: '123456' } };
      // The code as the person's phone receives it: sent first, then read from the queued message.
      await actor.request({ method: 'POST', url: '/api/users/profile/whatsapp/verification' });
      const [delivery] = await world.t.database.db
        .select({ params: whatsappDeliveries.template_params })
        .from(whatsappDeliveries)
        .where(and(eq(whatsappDeliveries.user_id, actor.id), eq(whatsappDeliveries.origin, 'verification')))
        .orderBy(desc(whatsappDeliveries.id))
        .limit(1);
      const code = (delivery?.params as string[] | undefined)?.[0] ?? '000000';
      return { url: '/api/users/profile/whatsapp/verification/confirm', payload: { code } };
    },
  },
};
