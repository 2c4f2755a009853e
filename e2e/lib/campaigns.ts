import type { APIRequestContext } from '@playwright/test';
import { withEmbeddedDatabase } from './embedded-database.js';
import { expect } from './fixtures.js';
import { bearer, createStaffMembers } from './staff.js';

/**
 * The browser test of broadcast campaigns (issue 31): people of two companies, some of whom agreed to
 * notices with a verified number, and what the campaign queued, read from the embedded database of a
 * stopped server (it admits one process at a time) through the built server's own opener.
 */

export interface CampaignPerson {
  email: string;
  company: 'home' | 'other';
  /** Agreed to notices with a verified number: a campaign of their company reaches them. */
  notices: boolean;
  /** Agreed to slips (whatsapp_enabled) only: never enough for a campaign. */
  slipsOnly?: boolean;
  /** Agreed to notices, but the number was never verified. */
  unverified?: boolean;
}

export const CAMPAIGN_PEOPLE: readonly CampaignPerson[] = [
  { email: 'notice.one@srpf.test', company: 'home', notices: true },
  { email: 'notice.two@srpf.test', company: 'home', notices: true },
  { email: 'notice.three@srpf.test', company: 'home', notices: true },
  { email: 'slips.only@srpf.test', company: 'home', notices: false, slipsOnly: true },
  { email: 'not.verified@srpf.test', company: 'home', notices: true, unverified: true },
  { email: 'other.company@srpf.test', company: 'other', notices: true },
];
export const HOME_CONSENTING = CAMPAIGN_PEOPLE.filter(
  (person) => person.company === 'home' && person.notices && !person.unverified,
);
export const OTHER_COMPANY = 'Group 9 Gondia';

/** The people, created by the administrator through the API (the second company too). */
export async function createCampaignPeople(request: APIRequestContext): Promise<void> {
  const admin = await bearer(request);
  const company = await request.post('/api/companies', { headers: admin, data: { name: OTHER_COMPANY, code: 'G9' } });
  expect(company.status(), await company.text()).toBe(201);
  const otherId = ((await company.json()) as { data: { company: { id: number } } }).data.company.id;
  await createStaffMembers(
    request,
    admin,
    CAMPAIGN_PEOPLE.map((person, index) => ({
      first_name: 'Campaign',
      last_name: `Person${index + 1}`,
      email: person.email,
      phone: `98230${String(10_000 + index).padStart(5, '0')}`,
      password: 'Initial-campaign-2026',
      company_id: person.company === 'home' ? 1 : otherId,
      whatsapp_enabled: person.slipsOnly === true,
    })),
  );
}

/** Notices consent and verified numbers as the people gave them (written while the server is stopped). */
export async function giveNoticeConsent(dataDir: string): Promise<void> {
  await withEmbeddedDatabase(dataDir, async (database) => {
    for (const person of CAMPAIGN_PEOPLE.filter((candidate) => candidate.notices))
      await database.pglite.query(
        `UPDATE users SET whatsapp_notices_enabled = true, whatsapp_notices_consent_at = now(),
           phone_verified_at = $2, phone_verified_source = CASE WHEN $2::timestamptz IS NULL THEN NULL ELSE 'self' END
         WHERE lower(email) = $1`,
        [person.email, person.unverified ? null : new Date().toISOString()],
      );
  });
}

/** The e-mails of the people a campaign (by name) queued a message to, in order. */
export async function campaignRecipients(dataDir: string, campaignName: string): Promise<string[]> {
  return withEmbeddedDatabase(dataDir, async (database) => {
    const result = await database.pglite.query<{ email: string }>(
      `SELECT u.email FROM whatsapp_deliveries d
         JOIN whatsapp_campaigns c ON c.id = d.campaign_id
         JOIN users u ON u.id = d.user_id
        WHERE c.name = $1 AND d.origin = 'campaign' AND d.kind = 'template'
        ORDER BY u.email`,
      [campaignName],
    );
    return result.rows.map((row) => row.email);
  });
}
