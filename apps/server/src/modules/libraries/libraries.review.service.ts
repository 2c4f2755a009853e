import type { TLibraryDocumentDetail } from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor } from '@srpf/shared';
import * as acknowledgmentsRepository from './libraries.acknowledgments.repository.js';
import * as repository from './libraries.documents.repository.js';
import type { DocumentsService } from './libraries.documents.service.js';
import { recordDocumentEvent } from './libraries.events.js';
import type { LibraryInfo } from './libraries.library.js';

/**
 * What readers do with a document: acknowledge a circular or decision (any signed-in user, once),
 * approve or reject an order (approve_orders / reject_orders, checked by the route).
 */
export function createReviewService(context: AppContext, info: LibraryInfo, documents: DocumentsService) {
  const { db } = context;
  const { library, key, label } = info;

  /** The version the person read, when they said which: a newer one is a text they have not seen (409). */
  function assertSameVersion(current: { version: number }, seen: number | undefined) {
    if (seen !== undefined && seen !== current.version) {
      throw new AppError(
        'libraries.changed_since_read',
        { version: current.version },
        `This ${label.toLowerCase()} has changed since you opened it (it is now version ${current.version}): read it again first`,
      );
    }
  }

  /** pending → approved or rejected, nothing else: a decided order stays decided (409). */
  async function decide(
    actor: Actor,
    id: number,
    decision: 'approve' | 'reject',
    ip: string | null,
    seenVersion?: number,
  ): Promise<TLibraryDocumentDetail> {
    const status = decision === 'approve' ? 'approved' : 'rejected';
    await db.transaction(async (tx) => {
      const current = await repository.lockDocument(tx, library, id);
      if (!current) throw notFound('libraries.document_not_found', label);
      if (current.status !== 'pending')
        throw new AppError(
          'libraries.not_pending',
          {},
          `Only a pending ${label.toLowerCase()} can be ${status}; this one is ${current.status}`,
        );
      assertSameVersion(current, seenVersion);
      await repository.changeStatus(tx, library, id, 'pending', status);
      await audit(tx, {
        actorId: actor.userId,
        action: `${key}.${decision}`,
        entityType: key,
        entityId: id,
        outcome: 'success',
        ip,
        details: { from: 'pending', to: status, version: current.version },
      });
      await recordDocumentEvent(tx, id, actor, status);
    });
    return documents.detail(actor, id);
  }

  return {
    approve: (actor: Actor, id: number, ip: string | null, seenVersion?: number) =>
      decide(actor, id, 'approve', ip, seenVersion),
    reject: (actor: Actor, id: number, ip: string | null, seenVersion?: number) =>
      decide(actor, id, 'reject', ip, seenVersion),

    /** Idempotent: the first call records the moment, later calls change nothing. */
    async acknowledge(
      actor: Actor,
      id: number,
      ip: string | null,
      seenVersion?: number,
    ): Promise<{ created: boolean; document: TLibraryDocumentDetail }> {
      const created = await db.transaction(async (tx) => {
        const document = await repository.lockDocument(tx, library, id);
        if (!document) throw notFound('libraries.document_not_found', label);
        assertSameVersion(document, seenVersion);
        // The version read under the lock: an edit making a new version waits, and is acknowledged afresh.
        const inserted = await acknowledgmentsRepository.insertAcknowledgment(tx, id, document.version, actor.userId);
        if (inserted)
          await audit(tx, {
            actorId: actor.userId,
            action: `${key}.acknowledge`,
            entityType: key,
            entityId: id,
            outcome: 'success',
            ip,
            details: { version: document.version },
          });
        return inserted;
      });
      return { created, document: await documents.detail(actor, id) };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
