import type { Actor } from '@srpf/shared/access/actor';
import type { Library } from '@srpf/shared/libraries/libraries.rules';
import {
  isFrozenDocument,
  mayDeleteDocument,
  mayDeleteFolder,
  mayEditDocument,
  maySupersede,
} from '@srpf/shared/libraries/libraries.policy';
import { mayManageTrash } from '@srpf/shared/trash/trash.policy';
import type { TLibraryDocument } from '@srpf/shared';

/** What the policy reads of a document the web holds (a list row or a detail). */
export type PolicyDocument = Pick<TLibraryDocument, 'status' | 'author'>;

export interface DocumentRights {
  /** Edit Details / Edit Order: the uploader or an administrator, and never an approved or rejected order. */
  edit: (document: PolicyDocument) => boolean;
  /**
   * File a Correction / File a Replacement: a new document naming this one in supersedes_id. An order
   * once approved or rejected; a circular or decision by its uploader or an administrator. Filing
   * needs upload_documents as well (the library's `create` ability).
   */
  supersede: (document: PolicyDocument) => boolean;
  /** Delete on a document (to the trash). */
  removeDocument: boolean;
  /** Delete on a folder holding this many documents. */
  removeFolder: (documents: number) => boolean;
  /** The Trash link, and the trash screen. */
  manageTrash: boolean;
}

/**
 * The record rules of the documents issue as the shared policies state them
 * (packages/shared/src/libraries/libraries.policy.ts); the web hides what they refuse and the server
 * refuses it anyway.
 */
export function documentRights(actor: Actor, library: Library): DocumentRights {
  return {
    edit: (document) =>
      mayEditDocument(actor, { library, status: document.status, authorId: document.author?.id ?? null }),
    supersede: (document) =>
      maySupersede(actor, { library, status: document.status, authorId: document.author?.id ?? null }),
    removeDocument: mayDeleteDocument(actor),
    removeFolder: (documents) => mayDeleteFolder(actor, documents),
    manageTrash: mayManageTrash(actor),
  };
}

/** An approved or rejected order: final, corrected only by a new order that supersedes it. */
export const isFinal = (library: Library, document: Pick<TLibraryDocument, 'status'>) =>
  isFrozenDocument({ library, status: document.status });
