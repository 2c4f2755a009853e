import { describe, expect, it } from 'vitest';
import type { TPayslip, TPayslipUploadFailure } from '@srpf/shared';
import { toCurrentUser } from '../../../lib/current-user';
import { fileNameFromDisposition, payslipDownloadName } from './download-name';
import {
  EMPTY_PAYSLIP_FILTERS,
  filtersToQuery,
  hasActiveFilters,
  hasPdfBeingMade,
  selectAllState,
  toggleAll,
} from './list-filters';
import { formatBytes, formatRupees, formatSalaryMonth, formatSlipDate } from './payslip-format';
import { payslipRights } from './payslip-rights';
import { failedUploadResult, failureText, shownFailures, splitHtmlFiles, totalBytes } from './upload-result';

describe('formatting a slip', () => {
  it('writes paise as rupees with the sign and Indian grouping, exactly', () => {
    expect(formatRupees(5_681_400)).toBe('₹56,814.00');
    expect(formatRupees(12_345_678)).toBe('₹1,23,456.78');
    expect(formatRupees(5)).toBe('₹0.05');
    expect(formatRupees(-250)).toBe('-₹2.50');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(null)).toBe('');
    expect(formatRupees(undefined)).toBe('');
  });

  it('writes a slip’s dates day first, without moving them across time zones', () => {
    expect(formatSlipDate('1970-06-20')).toBe('20/06/1970');
    expect(formatSlipDate('2028-06-30')).toBe('30/06/2028');
    expect(formatSlipDate(null)).toBe('');
    expect(formatSlipDate('20/06/1970')).toBe('');
  });

  it('writes a salary month in words in the page’s language', () => {
    expect(formatSalaryMonth('2026-10', 'en')).toBe('October 2026');
    expect(formatSalaryMonth('2026-04', 'mr')).toMatch(/^एप्रि.* 2026$/);
    expect(formatSalaryMonth('2026-04', 'hi')).toMatch(/^अप्रैल 2026$/);
    expect(formatSalaryMonth('2026-13', 'en')).toBe('2026-13');
    expect(formatSalaryMonth(null)).toBe('');
  });

  it('writes byte counts for the upload’s progress', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3.5 * 1024 * 1024)).toBe('3.5 MB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatBytes(-1)).toBe('0 B');
  });
});

describe('the upload result panel', () => {
  const failure = (index: number): TPayslipUploadFailure => ({
    filename: `slip-${index}.html`,
    error: 'Not a salary slip, or unreadable',
    code: 'not_a_slip',
  });

  it('shows the first 100 failed files, then how many more', () => {
    const none = shownFailures([]);
    expect(none).toEqual({ shown: [], more: 0 });
    const hundred = shownFailures(Array.from({ length: 100 }, (_, index) => failure(index)));
    expect(hundred.shown).toHaveLength(100);
    expect(hundred.more).toBe(0);
    const many = shownFailures(Array.from({ length: 4321 }, (_, index) => failure(index)));
    expect(many.shown).toHaveLength(100);
    expect(many.shown[99]?.filename).toBe('slip-99.html');
    expect(many.more).toBe(4221);
  });

  it('reports every file as failed when the request itself failed', () => {
    const result = failedUploadResult(['a.html', 'b.htm'], 'Upload failed');
    expect(result.success).toBe(false);
    expect(result.processed).toMatchObject({ successful: 0, failed: 2 });
    expect(result.processed.failures.map((item) => [item.filename, item.error])).toEqual([
      ['a.html', 'Upload failed'],
      ['b.htm', 'Upload failed'],
    ]);
  });

  it('says why a file failed: the server’s sentence in English, the translated reason otherwise', () => {
    const unknown: TPayslipUploadFailure = {
      filename: 'x.html',
      error: 'No employee with the Sevarth ID ABCDEFG1234',
      code: 'unknown_sevarth_id',
    };
    const translate = (code: string) => `[${code}]`;
    expect(failureText(unknown, 'en', translate)).toBe('No employee with the Sevarth ID ABCDEFG1234');
    expect(failureText(unknown, 'mr', translate)).toBe('[unknown_sevarth_id]');
    expect(failureText({ ...unknown, error: 'Network error' }, 'mr', translate, true)).toBe('Network error');
    expect(failureText({ ...unknown, code: 'something_new' as never }, 'hi', translate)).toBe(
      'No employee with the Sevarth ID ABCDEFG1234',
    );
  });

  it('keeps the .html and .htm files a picker gave, and sums their sizes', () => {
    const files = [
      { name: 'a.html', size: 10 },
      { name: 'B.HTM', size: 20 },
      { name: 'notes.txt', size: 5 },
      { name: 'slip.html.pdf', size: 7 },
    ];
    expect(splitHtmlFiles(files)).toEqual({ html: [files[0], files[1]], rejected: 2 });
    expect(totalBytes(files)).toBe(42);
  });
});

describe('the list’s filters and selection', () => {
  it('sends only the filters that are set, the month as YYYY-MM', () => {
    expect(filtersToQuery(EMPTY_PAYSLIP_FILTERS, 1, 10)).toEqual({ page: 1, limit: 10 });
    expect(filtersToQuery({ search: '  Shinde ', status: 'generated', month_year: '2026-10' }, 2, 50)).toEqual({
      page: 2,
      limit: 50,
      search: 'Shinde',
      status: 'generated',
      month_year: '2026-10',
    });
    expect(filtersToQuery({ search: '', status: '', month_year: '2026-1' }, 1, 20)).toEqual({ page: 1, limit: 20 });
    expect(hasActiveFilters(EMPTY_PAYSLIP_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_PAYSLIP_FILTERS, month_year: '2026-10' })).toBe(true);
  });

  it('polls while a PDF on the page (or an earlier version’s) is being made, not while it waits for Chromium', () => {
    const slip = (pdf_state: TPayslip['pdf_state'], pdf_note: TPayslip['pdf_note'] = null) => ({ pdf_state, pdf_note });
    const row = (main: ReturnType<typeof slip>, versions: ReturnType<typeof slip>[] = []) =>
      ({ ...main, versions }) as TPayslip;
    expect(hasPdfBeingMade(undefined)).toBe(false);
    expect(hasPdfBeingMade([row(slip('ready')), row(slip('failed', 'render_failed'))])).toBe(false);
    expect(hasPdfBeingMade([row(slip('ready')), row(slip('waiting'))])).toBe(true);
    expect(hasPdfBeingMade([row(slip('ready'), [slip('ready'), slip('waiting')])])).toBe(true);
    expect(hasPdfBeingMade([row(slip('waiting', 'renderer_unavailable'))])).toBe(false);
  });

  it('selects or clears the whole page, and says whether all, some or none of it is chosen', () => {
    const page = [1, 2, 3];
    const all = toggleAll(new Set([9]), page, true);
    expect([...all].sort()).toEqual([1, 2, 3, 9]);
    expect(selectAllState(all, page)).toBe('all');
    expect([...toggleAll(all, page, false)]).toEqual([9]);
    expect(selectAllState(new Set([2]), page)).toBe('some');
    expect(selectAllState(new Set([9]), page)).toBe('none');
    expect(selectAllState(new Set(), [])).toBe('none');
  });
});

describe('the download’s file name', () => {
  it('takes the server’s name, the slip’s otherwise, .pdf enforced, payslip.pdf by default', () => {
    expect(fileNameFromDisposition('attachment; filename="SRPFJLN1011_2026-10.pdf"')).toBe('SRPFJLN1011_2026-10.pdf');
    expect(
      fileNameFromDisposition(
        'attachment; filename="x.pdf"; filename*=UTF-8\'\'%E0%A4%B5%E0%A5%87%E0%A4%A4%E0%A4%A8.pdf',
      ),
    ).toBe('वेतन.pdf');
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(payslipDownloadName('attachment; filename="slip.pdf"', 'other.pdf')).toBe('slip.pdf');
    expect(payslipDownloadName(null, 'SRPFJLN1011_2026-10.pdf')).toBe('SRPFJLN1011_2026-10.pdf');
    expect(payslipDownloadName('attachment; filename="april.html"', null)).toBe('april.pdf');
    expect(payslipDownloadName('attachment', '')).toBe('payslip.pdf');
    expect(payslipDownloadName(undefined, undefined)).toBe('payslip.pdf');
  });
});

describe('who sees what on the page', () => {
  it('gives the upload and the company-wide list to manage_payslips only', () => {
    expect(payslipRights(toCurrentUser({ id: 1, role: 'admin' }).actor)).toEqual({
      upload: true,
      manage: true,
      readQueue: true,
      resumeQueue: true,
    });
    // A clerk granted manage_payslips reads the WhatsApp queue's notices but does not resume a pause.
    expect(
      payslipRights(
        toCurrentUser({ id: 2, role: 'viewer', company_id: 1, granted_permissions: ['manage_payslips'] }).actor,
      ),
    ).toEqual({ upload: true, manage: true, readQueue: true, resumeQueue: false });
    expect(payslipRights(toCurrentUser({ id: 3, role: 'viewer', company_id: 1 }).actor)).toEqual({
      upload: false,
      manage: false,
      readQueue: false,
      resumeQueue: false,
    });
    expect(payslipRights(toCurrentUser({ id: 4, role: 'company_lead', company_id: 1 }).actor)).toEqual({
      upload: false,
      manage: false,
      readQueue: false,
      resumeQueue: false,
    });
  });
});
