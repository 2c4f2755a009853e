import type { StoredFileReferences } from '../../lib/file-references.js';
import { fileKeyPage, referencedFileKeys } from './forms.repository.js';

/** The forms library's column that refers to stored files: each form's PDF, trashed forms' too (kept until a purge). */
export const formStoredFiles: StoredFileReferences = {
  area: 'forms (forms.file_key)',
  referenced: referencedFileKeys,
  page: fileKeyPage,
};
