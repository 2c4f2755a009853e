import { actorCan, type Actor } from '../access/actor.js';
import { isAdministrator } from '../common/permissions.js';
import { isApprovedLibrary, LIBRARY_FOLDER_PERMISSION, LIBRARY_PERMISSIONS, type Library } from './libraries.rules.js';

/**
 * Who may change which document and folder (the documents issue). The server applies these inside
 * the transaction of the change; the web reads them to hide what they refuse.
 */

/** What the policy reads of a document. */
export interface DocumentRecord {
  library: Library;
  status: string;
  /** The uploader's user id; null when their account is gone. */
  authorId: number | null;
}

/** An approved or rejected order is an official record: its fields and file no longer change. */
export function isFrozenDocument(document: Pick<DocumentRecord, 'library' | 'status'>): boolean {
  return isApprovedLibrary(document.library) && (document.status === 'approved' || document.status === 'rejected');
}

/** The uploader or an administrator (holding upload_documents), whatever the document's state. */
export function isDocumentEditor(actor: Actor, document: Pick<DocumentRecord, 'authorId'>): boolean {
  if (!actorCan(actor, LIBRARY_PERMISSIONS.update)) return false;
  return isAdministrator(actor.role) || (document.authorId !== null && document.authorId === actor.userId);
}

/**
 * Editing a document (fields and file): its uploader or an administrator; an order only while it is
 * pending, a circular or decision at any time (each content or file change is a new version).
 */
export function mayEditDocument(actor: Actor, document: DocumentRecord): boolean {
  return isDocumentEditor(actor, document) && !isFrozenDocument(document);
}

/**
 * Naming a document as the one a new one replaces (`supersedes_id`): an order only once it is approved
 * or rejected (a pending one is edited instead; the correction is itself approved before it shows on
 * the original); a circular or decision only by its uploader or an administrator.
 */
export function maySupersede(actor: Actor, target: DocumentRecord): boolean {
  return isApprovedLibrary(target.library) ? isFrozenDocument(target) : isDocumentEditor(actor, target);
}

/** Deleting a document moves it to the trash: delete_documents. */
export function mayDeleteDocument(actor: Actor): boolean {
  return actorCan(actor, LIBRARY_PERMISSIONS.delete);
}

/** Deleting a folder: manage_categories, and delete_documents too when it holds documents. */
export function mayDeleteFolder(actor: Actor, documents: number): boolean {
  return actorCan(actor, LIBRARY_FOLDER_PERMISSION) && (documents === 0 || actorCan(actor, LIBRARY_PERMISSIONS.delete));
}

/**
 * A document's statistics: who acknowledged it, by name and email, across every company (documents
 * are read force-wide). view_document_stats, which administrators hold and others are granted; the
 * rest see the count and their own acknowledgment.
 */
export function mayViewDocumentStats(actor: Actor): boolean {
  return actorCan(actor, 'view_document_stats');
}
