import { describe, expect, it } from 'vitest';
import type { TWhatsappTemplate } from '@srpf/shared';
import {
  ALL_COMPANIES,
  campaignFormProblems,
  campaignPreview,
  campaignRequestOf,
  campaignTone,
  fitParameters,
  scheduledMomentOf,
} from './campaign-form';

const reminder: TWhatsappTemplate = {
  name: 'duty_reminder',
  category: 'utility',
  languages: ['en'],
  bodies: { en: 'Reminder: {{1}} reports on {{2}}.' },
  body: 'Reminder: {{1}} reports on {{2}}.',
  parameter_count: 2,
};

describe('the campaign dialog', () => {
  it('sizes the parameters to the template, keeping what was typed, and previews the text', () => {
    expect(fitParameters(['Company 1'], reminder)).toEqual(['Company 1', '']);
    expect(fitParameters(['a', 'b', 'c'], reminder)).toEqual(['a', 'b']);
    expect(campaignPreview(reminder, ['Company 1', 'Monday'])).toBe('Reminder: Company 1 reports on Monday.');
  });

  it('names each missing field, and sends every company as null', () => {
    expect(campaignFormProblems({ name: 'x', templateName: '', parameters: [' '], company: '' })).toEqual({
      name: 'nameLength',
      templateName: 'templateRequired',
      'parameters.0': 'parameterRequired',
      company: 'companyRequired',
    });
    expect(
      campaignRequestOf({
        name: ' Parade ',
        templateName: 'srpf_notice',
        parameters: [' At 7 '],
        company: ALL_COMPANIES,
      }),
    ).toEqual({ name: 'Parade', template_name: 'srpf_notice', parameters: ['At 7'], company_id: null });
  });

  it('colours active campaigns success and the others warning', () => {
    expect(campaignTone('scheduled')).toBe('success');
    expect(campaignTone('sending')).toBe('success');
    expect(campaignTone('draft')).toBe('warning');
    expect(campaignTone('sent')).toBe('warning');
  });

  it('reads the schedule as the force’s time (+05:30)', () => {
    expect(scheduledMomentOf('2026-12-01', '08:30')).toBe('2026-12-01T03:00:00.000Z');
    expect(scheduledMomentOf('01/12/2026', '08:30')).toBeNull();
    expect(scheduledMomentOf('2026-12-01', '25:00')).toBeNull();
  });
});
