/** Campaigns' approved templates: read from the loopback Graph server by the Cloud provider, grouped by name, and the outbox's own. */
import {
  LOOPBACK_BUSINESS_ACCOUNT_ID,
  setLoopbackTemplates,
  startLoopbackGraph,
  type LoopbackGraph,
} from '@srpf/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@srpf/shared';
import { loadConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import { createCampaignsService } from './whatsapp.campaigns.service.js';
import { createCloudProvider } from './whatsapp.cloud-provider.js';
import { WhatsappApiError, type WhatsappConfig } from './whatsapp.provider.js';
import { groupTemplates, OUTBOX_TEMPLATES, templateLanguageFor } from './whatsapp.templates.js';

let graph: LoopbackGraph;
beforeAll(async () => {
  graph = await startLoopbackGraph();
});
afterAll(async () => graph.close());

const configFor = (overrides: Partial<WhatsappConfig> = {}): WhatsappConfig => ({
  provider: 'cloud',
  graphUrl: graph.url,
  graphVersion: 'v23.0',
  phoneNumberId: graph.phoneNumberId,
  accessToken: graph.accessToken,
  appSecret: graph.appSecret,
  verifyToken: 'verify',
  payslipTemplate: 'payslip_ready',
  authTemplate: 'login_code',
  businessAccountId: LOOPBACK_BUSINESS_ACCOUNT_ID,
  messagesPerSecond: 80,
  dailyRecipients: 250,
  unknownOutcomeSeconds: 600,
  ...overrides,
});

describe('listTemplates (cloud)', () => {
  it('reads the approved templates of the business account, one entry per language; a pending one is left out', async () => {
    const templates = await createCloudProvider(configFor()).listTemplates();
    expect(templates.map((template) => `${template.name}/${template.language}`)).toEqual([
      'srpf_notice/en',
      'srpf_notice/mr',
      'srpf_notice/hi',
      'duty_reminder/en_US',
    ]);
    const grouped = groupTemplates(templates);
    expect(grouped).toEqual([
      {
        name: 'duty_reminder',
        category: 'utility',
        languages: ['en'],
        bodies: { en: 'Reminder: {{1}} reports for duty on {{2}}.' },
        body: 'Reminder: {{1}} reports for duty on {{2}}.',
        parameter_count: 2,
        // Meta's code as approved: what its deliveries are sent under.
        codes: { en: 'en_US' },
      },
      expect.objectContaining({ name: 'srpf_notice', languages: ['en', 'mr', 'hi'], parameter_count: 1 }),
    ]);
    // A person reading Marathi gets an English-only template in English.
    expect(templateLanguageFor(grouped[0]!, 'mr')).toBe('en');
    expect(templateLanguageFor(grouped[1]!, 'mr')).toBe('mr');
  });

  it('lists none without WHATSAPP_BUSINESS_ACCOUNT_ID, and reports a refused token as a Graph error', async () => {
    expect(await createCloudProvider(configFor({ businessAccountId: '' })).listTemplates()).toEqual([]);
    await expect(createCloudProvider(configFor({ accessToken: 'wrong' })).listTemplates()).rejects.toMatchObject({
      constructor: WhatsappApiError,
      code: 190,
      httpStatus: 401,
    });
  });

  it('follows the templates the test sets, leaving out languages the product does not speak', async () => {
    setLoopbackTemplates(graph, [
      { name: 'leave_granted', language: 'hi', category: 'UTILITY', status: 'APPROVED', body: '{{1}} की छुट्टी मंजूर' },
      { name: 'leave_granted', language: 'ta', category: 'UTILITY', status: 'APPROVED', body: '{{1}}' },
      { name: 'tamil_only', language: 'ta', category: 'MARKETING', status: 'APPROVED', body: '{{1}}' },
    ]);
    const grouped = groupTemplates(await createCloudProvider(configFor()).listTemplates());
    expect(grouped).toEqual([
      expect.objectContaining({ name: 'leave_granted', languages: ['hi'], body: '{{1}} की छुट्टी मंजूर' }),
    ]);
    expect(templateLanguageFor(grouped[0]!, 'en')).toBe('hi');
  });
});

describe('groupTemplates', () => {
  it('leaves out authentication templates: a campaign has no code to put in their copy-code button', () => {
    const grouped = groupTemplates([
      { name: 'login_code', language: 'en_US', category: 'AUTHENTICATION', body: '{{1}} is your code.' },
      { name: 'login_code', language: 'hi', category: 'authentication', body: '{{1}} आपका कोड है।' },
      { name: 'duty_reminder', language: 'en', category: 'UTILITY', body: 'Reminder: {{1}}' },
    ]);
    expect(grouped.map((template) => template.name)).toEqual(['duty_reminder']);
  });
});

describe('the outbox’s templates', () => {
  it('is the product’s own notice in en, mr and hi, whose whole body is its one parameter', () => {
    expect(groupTemplates(OUTBOX_TEMPLATES)).toEqual([
      {
        name: 'srpf_notice',
        category: 'utility',
        languages: ['en', 'mr', 'hi'],
        bodies: { en: '{{1}}', mr: '{{1}}', hi: '{{1}}' },
        body: '{{1}}',
        parameter_count: 1,
        codes: { en: 'en', mr: 'mr', hi: 'hi' },
      },
    ]);
  });
});

describe('GET /api/whatsapp/templates without a business account', () => {
  const admin: Actor = {
    userId: 1,
    role: 'admin',
    companyId: 1,
    overseenCompanyIds: [],
    grants: [],
    approvalRole: 'commandant',
  };

  it('reads WHATSAPP_BUSINESS_ACCOUNT_ID (digits only)', () => {
    const base = { DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', NODE_ENV: 'test' };
    expect(loadConfig({ ...base, WHATSAPP_BUSINESS_ACCOUNT_ID: '102290129340398' }).whatsapp.businessAccountId).toBe(
      '102290129340398',
    );
    expect(loadConfig(base).whatsapp.businessAccountId).toBe('');
    expect(() => loadConfig({ ...base, WHATSAPP_BUSINESS_ACCOUNT_ID: 'waba-1' })).toThrow(
      /WHATSAPP_BUSINESS_ACCOUNT_ID/,
    );
  });

  it('answers no templates and why, for the dialog to say, without calling the Graph API', async () => {
    const provider = createCloudProvider(configFor({ businessAccountId: '' }));
    const context = {
      config: { whatsapp: configFor({ businessAccountId: '' }) },
      logger: { warn() {} },
    } as unknown as AppContext;
    expect(await createCampaignsService(context, provider).templates(admin)).toEqual({
      templates: [],
      provider: 'cloud',
      unavailable: 'no_business_account',
    });
  });
});
