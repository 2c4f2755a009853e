import type { StoredFileReferences } from '../../lib/file-references.js';
import { fileKeyPage, referencedFileKeys } from './payslips.repository.js';

/** The payslips' columns that refer to stored files: every version's uploaded HTML and rendered PDF. */
export const payslipStoredFiles: StoredFileReferences = {
  area: 'payslips (payslips.html_key, payslips.pdf_key)',
  referenced: referencedFileKeys,
  page: fileKeyPage,
};
