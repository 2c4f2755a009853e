import {
  PAYSLIP_FAILURES_SHOWN,
  PAYSLIP_UPLOAD_FAILURES,
  type PayslipUploadFailureCode,
} from '@srpf/shared/payslips/payslips.rules';
import type { TPayslipUploadFailure, TPayslipUploadResponse } from '@srpf/shared';

/** The failed-file table of the result panel: the first 100 failures, and how many more there are ('...and N more'). */
export function shownFailures<T>(
  failures: readonly T[],
  limit: number = PAYSLIP_FAILURES_SHOWN,
): { shown: T[]; more: number } {
  return { shown: failures.slice(0, limit), more: Math.max(0, failures.length - limit) };
}

/**
 * The result panel when the request itself failed (section 8: the toast shows the server's message
 * or 'Upload failed', and the panel reports every file as failed), each file with that message.
 */
export function failedUploadResult(fileNames: readonly string[], message: string): TPayslipUploadResponse {
  return {
    success: false,
    message,
    processed: {
      successful: 0,
      failed: fileNames.length,
      failures: fileNames.map((filename) => ({ filename, error: message, code: 'not_a_slip' })),
      new_versions: 0,
      inconsistent: 0,
      months: [],
    },
    renderer: { available: true, reason: null },
    pdfs_pending: 0,
  };
}

const isKnownCode = (code: string): code is PayslipUploadFailureCode => Object.hasOwn(PAYSLIP_UPLOAD_FAILURES, code);

/**
 * What the failed-file table says of one file. In English the server's own sentence, which may name
 * the Sevarth ID; in Marathi and Hindi the translation of its reason (by code), since the server
 * writes English. A failure of the whole request keeps its message in every language.
 */
export function failureText(
  failure: TPayslipUploadFailure,
  language: string,
  translate: (code: PayslipUploadFailureCode) => string,
  wholeRequest = false,
): string {
  if (wholeRequest || language === 'en' || !isKnownCode(failure.code)) return failure.error;
  return translate(failure.code);
}

/** The files a picker gave that are slips' HTML (.html or .htm); the rest are left out and counted. */
export function splitHtmlFiles<T extends { name: string }>(files: readonly T[]): { html: T[]; rejected: number } {
  const html = files.filter((file) => /\.html?$/i.test(file.name));
  return { html, rejected: files.length - html.length };
}

/** The total size of the chosen files, for 'sent of total' before the browser reports its own total. */
export function totalBytes(files: readonly { size: number }[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}
