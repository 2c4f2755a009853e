import type { TTimelineEvent } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import type { Actor } from '@srpf/shared';
import { insertDocumentEvent } from './libraries.documents.repository.js';

/** One entry of a document's timeline; pass the transaction of the change it records. */
export async function recordDocumentEvent(
  executor: Executor,
  documentId: number,
  actor: Actor,
  event: TTimelineEvent['event'],
): Promise<void> {
  await insertDocumentEvent(executor, { document_id: documentId, event, actor_id: actor.userId });
}
