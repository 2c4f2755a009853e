import { eq } from 'drizzle-orm';
import { users, whatsappCampaigns } from '../../db/schema/index.js';
import type { MatrixWorld } from '../security-matrix-fixtures.js';
import { uniqueWord } from '../security-matrix-fixtures.js';
import { type Fixture, get } from './fixture.js';

/**
 * The permission matrix's requests of broadcast campaigns (issue 31; see ./fixture.ts): each on a
 * fresh campaign of company 1 (the home company) in the status the route needs.
 */

const draft = (world: MatrixWorld) => ({
  name: `Matrix ${uniqueWord('Ca')}`,
  template_name: 'srpf_notice',
  parameters: ['A notice of the permission matrix'],
  company_id: world.companies.home,
});

/** A campaign of the home company, straight into the database, with one person who agreed to notices (so it can be sent). */
async function campaign(world: MatrixWorld, status: 'draft' | 'scheduled' = 'draft') {
  const { db } = world.t.database;
  const person = await world.freshSubject('same_company', null);
  await db
    .update(users)
    .set({
      phone_number: `97${String(Date.now() % 100_000_000).padStart(8, '0')}`,
      whatsapp_notices_enabled: true,
      phone_verified_at: new Date(),
      phone_verified_source: 'admin',
    })
    .where(eq(users.id, person.id));
  const [row] = await db
    .insert(whatsappCampaigns)
    .values({
      ...draft(world),
      message: 'A notice of the permission matrix',
      status,
      scheduled_at: status === 'scheduled' ? new Date(Date.now() + 3_600_000) : null,
    })
    .returning({ id: whatsappCampaigns.id });
  return row!.id;
}

const onCampaign = (
  url: (id: number) => string,
  payload?: (world: MatrixWorld) => object,
  status?: 'scheduled',
): Fixture => ({
  async prepare({ world }) {
    return { url: url(await campaign(world, status)), ...(payload ? { payload: payload(world) } : {}) };
  },
});

export const CAMPAIGNS_FIXTURES: Record<string, Fixture> = {
  'GET /api/whatsapp/templates': get('/api/whatsapp/templates'),
  'GET /api/whatsapp/campaigns': get('/api/whatsapp/campaigns?limit=10'),
  'POST /api/whatsapp/campaigns': {
    prepare: ({ world }) => ({ url: '/api/whatsapp/campaigns', payload: draft(world) }),
  },
  'GET /api/whatsapp/campaigns/:id': onCampaign((id) => `/api/whatsapp/campaigns/${id}`),
  'GET /api/whatsapp/campaigns/:id/audience': onCampaign((id) => `/api/whatsapp/campaigns/${id}/audience`),
  'PUT /api/whatsapp/campaigns/:id': onCampaign((id) => `/api/whatsapp/campaigns/${id}`, draft),
  'DELETE /api/whatsapp/campaigns/:id': onCampaign((id) => `/api/whatsapp/campaigns/${id}`),
  'POST /api/whatsapp/campaigns/:id/send': onCampaign((id) => `/api/whatsapp/campaigns/${id}/send`),
  'POST /api/whatsapp/campaigns/:id/schedule': onCampaign(
    (id) => `/api/whatsapp/campaigns/${id}/schedule`,
    () => ({ scheduled_at: new Date(Date.now() + 86_400_000).toISOString() }),
  ),
  'POST /api/whatsapp/campaigns/:id/cancel': onCampaign(
    (id) => `/api/whatsapp/campaigns/${id}/cancel`,
    undefined,
    'scheduled',
  ),
};
