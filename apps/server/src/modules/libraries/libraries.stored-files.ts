import type { StoredFileReferences } from '../../lib/file-references.js';
import { fileKeyPage, referencedFileKeys } from './libraries.documents.repository.js';

/** The libraries' columns that refer to stored files: each document's current PDF and every version's. */
export const libraryStoredFiles: StoredFileReferences = {
  area: 'library documents (library_documents.file_key, library_document_versions.file_key)',
  referenced: referencedFileKeys,
  page: fileKeyPage,
};
