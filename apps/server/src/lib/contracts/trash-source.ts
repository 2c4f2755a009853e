import type { Actor, TrashKind, TrashLibrary, TTrashItem } from '@srpf/shared';

/** What a restore did, as the answer tells it. */
export interface RestoredItem {
  kind: TrashKind;
  id: number;
  library: TrashLibrary;
  documents: number;
  moved_to_root: boolean;
}

/**
 * An area whose deletions go to the trash (the document libraries and the forms library). The trash
 * module lists, restores and purges through these, and never reads an area's tables itself. An area
 * contributes its sources in its manifest (`trashSources`). Each method answers for the kinds it owns
 * and `undefined` for an item that is not its own (or not in the trash), which the trash module turns
 * into a 404.
 */
export interface TrashSource {
  libraries: readonly TrashLibrary[];
  kinds: readonly TrashKind[];
  list(library: TrashLibrary, offset: number, limit: number): Promise<{ items: TTrashItem[]; total: number }>;
  restore(actor: Actor, kind: TrashKind, id: number, ip: string | null): Promise<RestoredItem | undefined>;
  /** Rows deleted in one transaction with the record of their files' removal; the files go once it commits. */
  purge(
    actor: Actor | null,
    kind: TrashKind,
    id: number,
    ip: string | null,
  ): Promise<{ documents: number } | undefined>;
  /** Items deleted before `before` (the retention job's work), oldest first. */
  expired(before: Date, limit: number): Promise<{ kind: TrashKind; id: number }[]>;
}
