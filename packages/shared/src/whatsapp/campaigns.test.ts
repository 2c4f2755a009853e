import { describe, expect, it } from 'vitest';
import type { Actor } from '../access/actor.js';
import { mayTargetCampaignAudience, maySeeCampaign, mayUseCampaigns } from './campaigns.policy.js';
import { fillTemplate, isActiveCampaign, templateParameterCount } from './campaigns.schemas.js';

const actor = (changes: Partial<Actor>): Actor => ({
  userId: 5,
  role: 'viewer',
  companyId: 1,
  overseenCompanyIds: [],
  grants: [],
  approvalRole: null,
  ...changes,
});

describe('campaigns policy', () => {
  it('needs send_whatsapp: administrators hold it, others by a grant', () => {
    expect(mayUseCampaigns(actor({ role: 'admin' }))).toBe(true);
    expect(mayUseCampaigns(actor({ grants: ['send_whatsapp'] }))).toBe(true);
    expect(mayUseCampaigns(actor({ grants: ['manage_payslips'] }))).toBe(false);
  });

  it('keeps a holder to the campaigns of their companies; every company is for administrators', () => {
    const clerk = actor({ grants: ['send_whatsapp'], overseenCompanyIds: [3] });
    expect(maySeeCampaign(clerk, { companyId: 1 })).toBe(true);
    expect(maySeeCampaign(clerk, { companyId: 3 })).toBe(true);
    expect(maySeeCampaign(clerk, { companyId: 2 })).toBe(false);
    expect(mayTargetCampaignAudience(clerk, null)).toBe(false);
    expect(mayTargetCampaignAudience(actor({ role: 'superadmin' }), null)).toBe(true);
    expect(maySeeCampaign(actor({ companyId: 1 }), { companyId: 1 })).toBe(false);
  });
});

describe('campaign texts', () => {
  it('counts positional parameters and fills them in', () => {
    expect(templateParameterCount('{{1}}')).toBe(1);
    expect(templateParameterCount('Reminder: {{1}} on {{ 2 }}, again {{1}}')).toBe(2);
    expect(templateParameterCount('No parameters')).toBe(0);
    expect(fillTemplate('Reminder: {{1}} on {{2}}', ['Company 1', 'Monday'])).toBe('Reminder: Company 1 on Monday');
    expect(fillTemplate('{{1}} and {{2}}', ['only one'])).toBe('only one and {{2}}');
  });

  it('calls scheduled and sending campaigns active', () => {
    expect(['draft', 'scheduled', 'sending', 'sent', 'cancelled'].filter(isActiveCampaign)).toEqual([
      'scheduled',
      'sending',
    ]);
  });
});
