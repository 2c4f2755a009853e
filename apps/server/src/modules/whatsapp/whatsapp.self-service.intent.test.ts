import { describe, expect, it } from 'vitest';
import { readSelfServiceRequest } from './whatsapp.self-service.intent.js';

describe('what a person’s WhatsApp message asks for', () => {
  it.each(['STOP', ' stop ', 'Stop.', 'बंद', 'रोको'])('reads %j as STOP', (text) => {
    expect(readSelfServiceRequest(text)).toEqual({ intent: 'stop' });
  });

  it.each([
    ['payslip', null, null],
    ['Salary slip please', null, null],
    ['payslip March 2026', 3, 2026],
    ['pay slip for oct', 10, null],
    ['payslip 2026-09', 9, 2026],
    ['salary slip 08/2026', 8, 2026],
    ['पगार मार्च', 3, null],
    ['वेतन पत्रक ऑक्टोबर २०२६', 10, 2026],
    ['सैलरी स्लिप सितंबर 2026', 9, 2026],
    ['मुझे सैलरी स्लिप चाहिए', null, null],
  ])('reads %j as the payslip of month %s, year %s', (text, month, year) => {
    expect(readSelfServiceRequest(text)).toEqual({ intent: 'payslip', month, year });
  });

  it.each(['leave', 'My leave status?', 'रजा', 'छुट्टी की स्थिति'])('reads %j as leave', (text) => {
    expect(readSelfServiceRequest(text)).toEqual({ intent: 'leave' });
  });

  it.each(['hello', 'stop sending me slips', 'नमस्कार', '', null])('reads %j as anything else (help)', (text) => {
    expect(readSelfServiceRequest(text)).toEqual({ intent: 'help' });
  });
});
