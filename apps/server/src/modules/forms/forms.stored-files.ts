import type { StoredFileReferences } from '../../lib/file-references.js';

/** The forms library's column that refers to stored files (forms.file_key): to be built. */
export const formStoredFiles: StoredFileReferences = {
  area: 'forms (forms.file_key)',
  referenced: async () => new Set<string>(),
  page: async () => [],
};
