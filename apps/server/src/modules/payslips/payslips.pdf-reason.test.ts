import { describe, expect, it } from 'vitest';
import { pdfNotReadyReason } from './payslips.pdf-reason.js';

describe('the reason of a payslip PDF that cannot be downloaded', () => {
  it('follows the state and the renderer’s note, as the list’s pdf_note does', () => {
    expect(pdfNotReadyReason('waiting', null)).toBe('payslips.pdf_not_ready');
    expect(pdfNotReadyReason('waiting', 'Waiting for Chromium: not found in /usr/bin')).toBe(
      'payslips.pdf_renderer_unavailable',
    );
    expect(pdfNotReadyReason('failed', 'Chromium crashed')).toBe('payslips.pdf_failed');
    expect(pdfNotReadyReason('failed', null)).toBe('payslips.pdf_failed');
    // A ready row without its file, or a state this code does not know, is not ready yet.
    expect(pdfNotReadyReason('ready', null)).toBe('payslips.pdf_not_ready');
    expect(pdfNotReadyReason('unheard-of', null)).toBe('payslips.pdf_not_ready');
  });
});
