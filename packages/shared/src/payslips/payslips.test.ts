import { describe, expect, it } from 'vitest';
import type { Actor } from '../access/actor.js';
import { isMonthYear, formatPaise, payslipPdfName, whatsappNumber } from './payslips.rules.js';
import {
  isOthersPayslip,
  mayManagePayslips,
  mayReceiveUploadedSlip,
  maySeePayslip,
  payslipRecordScope,
} from './payslips.policy.js';
import {
  ZPayslipListQuery,
  ZPayslipMonthQuery,
  ZPayslipUploadResponse,
  ZWhatsappConsentRequest,
} from './payslips.schemas.js';
import { importWhatsappEnabled, importWhatsappLanguage } from '../users/users.import.schemas.js';
import { ZUpdateUserRequest } from '../users/users.schemas.js';

const A = 1;
const B = 2;
const person = (overrides: Partial<Actor> = {}): Actor => ({
  userId: 10,
  role: 'viewer',
  companyId: A,
  overseenCompanyIds: [],
  grants: [],
  approvalRole: null,
  ...overrides,
});
const viewer = person();
const clerkA = person({ userId: 20, grants: ['manage_payslips'] });
const overseer = person({ userId: 30, grants: ['manage_payslips'], overseenCompanyIds: [B] });
const admin = person({ userId: 40, role: 'admin', companyId: null });
const superadmin = person({ userId: 41, role: 'superadmin' });
const lead = person({ userId: 50, role: 'company_lead' });

describe('the payslips policy', () => {
  it('gives manage_payslips to administrators and to the people granted it', () => {
    expect(mayManagePayslips(admin)).toBe(true);
    expect(mayManagePayslips(superadmin)).toBe(true);
    expect(mayManagePayslips(clerkA)).toBe(true);
    expect(mayManagePayslips(viewer)).toBe(false);
    expect(mayManagePayslips(lead)).toBe(false);
  });

  it('lets everyone see their own slip, and managers the slips of their companies only', () => {
    expect(maySeePayslip(viewer, { userId: 10, companyId: A })).toBe(true);
    expect(maySeePayslip(viewer, { userId: 11, companyId: A })).toBe(false);
    expect(maySeePayslip(lead, { userId: 11, companyId: A })).toBe(false);
    expect(maySeePayslip(clerkA, { userId: 11, companyId: A })).toBe(true);
    expect(maySeePayslip(clerkA, { userId: 11, companyId: B })).toBe(false);
    expect(maySeePayslip(clerkA, { userId: 11, companyId: null })).toBe(false);
    expect(maySeePayslip(overseer, { userId: 11, companyId: B })).toBe(true);
    expect(maySeePayslip(admin, { userId: 11, companyId: B })).toBe(true);
    expect(maySeePayslip(admin, { userId: 11, companyId: null })).toBe(true);
    // A person without a company still sees their own.
    expect(maySeePayslip(person({ companyId: null }), { userId: 10, companyId: null })).toBe(true);
  });

  it('scopes the lists: own only without the permission, companies and self with it, all for administrators', () => {
    expect(payslipRecordScope(viewer)).toEqual({ selfId: 10, companyIds: [] });
    expect(payslipRecordScope(lead)).toEqual({ selfId: 50, companyIds: [] });
    expect(payslipRecordScope(clerkA)).toEqual({ selfId: 20, companyIds: [A] });
    expect(payslipRecordScope(overseer)).toEqual({ selfId: 30, companyIds: [A, B] });
    expect(payslipRecordScope(admin)).toBe('all');
  });

  it('matches an upload only to people of the uploader’s companies', () => {
    expect(mayReceiveUploadedSlip(clerkA, { companyId: A })).toBe(true);
    expect(mayReceiveUploadedSlip(clerkA, { companyId: B })).toBe(false);
    expect(mayReceiveUploadedSlip(admin, { companyId: B })).toBe(true);
    expect(mayReceiveUploadedSlip(viewer, { companyId: A })).toBe(false);
  });

  it('tells another person’s slip from one’s own', () => {
    expect(isOthersPayslip(clerkA, { userId: 20 })).toBe(false);
    expect(isOthersPayslip(clerkA, { userId: 21 })).toBe(true);
  });
});

describe('the payslip rules', () => {
  it('reads months as YYYY-MM', () => {
    expect(isMonthYear('2026-04')).toBe(true);
    expect(isMonthYear('2026-13')).toBe(false);
    expect(isMonthYear('2026-4')).toBe(false);
    expect(isMonthYear('04-2026')).toBe(false);
  });

  it('names the download after the slip, .pdf enforced, payslip.pdf by default', () => {
    expect(payslipPdfName('ABCDEFG1234_2026-04.html')).toBe('ABCDEFG1234_2026-04.pdf');
    expect(payslipPdfName('slip.HTM')).toBe('slip.pdf');
    expect(payslipPdfName('slip.pdf')).toBe('slip.pdf');
    expect(payslipPdfName('april slip')).toBe('april slip.pdf');
    expect(payslipPdfName('../../etc/passwd')).toBe('passwd.pdf');
    expect(payslipPdfName('a"b<c>.html')).toBe('abc.pdf');
    expect(payslipPdfName('वेतन.html')).toBe('वेतन.pdf');
    expect(payslipPdfName('')).toBe('payslip.pdf');
    expect(payslipPdfName(null)).toBe('payslip.pdf');
    expect(payslipPdfName('.html')).toBe('payslip.pdf');
  });

  it('writes WhatsApp numbers as 91 + 10 digits', () => {
    expect(whatsappNumber('9876543210')).toBe('919876543210');
    expect(whatsappNumber('+91 98765 43210')).toBe('919876543210');
    expect(whatsappNumber('12345')).toBeNull();
    expect(whatsappNumber(null)).toBeNull();
  });

  it('formats paise as rupees with Indian grouping, exactly', () => {
    expect(formatPaise(12_345_678)).toBe('1,23,456.78');
    expect(formatPaise(100)).toBe('1.00');
    expect(formatPaise(5)).toBe('0.05');
    expect(formatPaise(-250)).toBe('-2.50');
    expect(formatPaise(1_00_00_000_00)).toBe('1,00,00,000.00');
    expect(formatPaise(null)).toBe('');
  });
});

describe('the payslips contract', () => {
  it('reads the list query: blank filters are absent, months are YYYY-MM, limits are bounded', () => {
    expect(ZPayslipListQuery.parse({})).toEqual({ page: 1, limit: 10 });
    expect(ZPayslipListQuery.parse({ status: '', month_year: '', search: '  ' })).toEqual({ page: 1, limit: 10 });
    expect(
      ZPayslipListQuery.parse({ status: 'sent', month_year: '2026-04', search: ' Pawar ', page: '2', limit: '50' }),
    ).toEqual({ status: 'sent', month_year: '2026-04', search: 'Pawar', page: 2, limit: 50 });
    expect(ZPayslipListQuery.safeParse({ month_year: '2026-4' }).success).toBe(false);
    expect(ZPayslipListQuery.safeParse({ status: 'read' }).success).toBe(true);
    expect(ZPayslipListQuery.safeParse({ status: 'opened' }).success).toBe(false);
    expect(ZPayslipListQuery.safeParse({ limit: '1000' }).success).toBe(false);
    expect(ZPayslipMonthQuery.parse({ month_year: '2026-04' })).toEqual({ month_year: '2026-04' });
    expect(ZPayslipMonthQuery.safeParse({ month_year: 'April' }).success).toBe(false);
  });

  it('describes the upload result the screen reads', () => {
    const result = {
      success: true,
      message: '1 payslip uploaded, 1 failed.',
      processed: {
        successful: 1,
        failed: 1,
        failures: [{ filename: 'x.html', error: 'Not a salary slip, or unreadable', code: 'not_a_slip' }],
        new_versions: 0,
        inconsistent: 0,
        months: ['2026-04'],
      },
      renderer: { available: false, reason: 'Chromium is not installed' },
      pdfs_pending: 1,
    };
    expect(ZPayslipUploadResponse.parse(result)).toEqual(result);
  });

  it('reads the consent toggle and the user form’s WhatsApp fields', () => {
    expect(ZWhatsappConsentRequest.parse({ whatsapp_enabled: true, whatsapp_language: 'mr' })).toEqual({
      whatsapp_enabled: true,
      whatsapp_language: 'mr',
    });
    expect(ZWhatsappConsentRequest.safeParse({ whatsapp_enabled: 'yes' }).success).toBe(false);
    expect(ZWhatsappConsentRequest.safeParse({ whatsapp_enabled: true, whatsapp_language: 'fr' }).success).toBe(false);
    expect(ZUpdateUserRequest.parse({ whatsapp_enabled: true, whatsapp_language: 'hi' })).toEqual({
      whatsapp_enabled: true,
      whatsapp_language: 'hi',
    });
  });

  it('reads the import’s WHATSAPP columns', () => {
    expect(importWhatsappEnabled('Yes')).toBe(true);
    expect(importWhatsappEnabled('0')).toBe(false);
    expect(importWhatsappEnabled(' ')).toBeNull();
    expect(importWhatsappEnabled('maybe')).toBeUndefined();
    expect(importWhatsappLanguage('Marathi')).toBe('mr');
    expect(importWhatsappLanguage('hi')).toBe('hi');
    expect(importWhatsappLanguage('')).toBeNull();
    expect(importWhatsappLanguage('fr')).toBeUndefined();
  });
});
