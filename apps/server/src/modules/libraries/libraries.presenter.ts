import {
  documentFileUrl,
  documentVersionFileUrl,
  type TDocumentLink,
  type TDocumentVersion,
  type DocumentPriority,
  type DocumentStatus,
  type TAcknowledgment,
  type TLibraryCategory,
  type TLibraryDocument,
  type TLibraryDocumentDetail,
  type TLibrarySubcategory,
  type TPersonRef,
  type TTimelineEvent,
} from '@srpf/shared';
import type { CategoryWithCounts, SubcategoryWithCounts } from './libraries.categories.repository.js';
import type { DocumentView } from './libraries.documents.repository.js';
import type { LibraryInfo } from './libraries.library.js';

/** The fields each answer lists, so a new column never leaks by accident. */

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

function person(id: number | null, first: string | null, last: string | null): TPersonRef | null {
  return id === null || first === null ? null : { id, name: fullName(first, last) };
}

export function toCategory({ category, subcategory_count, document_count }: CategoryWithCounts): TLibraryCategory {
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    slug: category.slug,
    icon: category.icon,
    color: category.color,
    subcategory_count,
    document_count,
    created_at: category.created_at.toISOString(),
    updated_at: category.updated_at.toISOString(),
  };
}

export function toSubcategory({
  subcategory,
  category_name,
  document_count,
}: SubcategoryWithCounts): TLibrarySubcategory {
  return {
    id: subcategory.id,
    name: subcategory.name,
    description: subcategory.description,
    slug: subcategory.slug,
    icon: subcategory.icon,
    color: subcategory.color,
    category_id: subcategory.category_id,
    category_name,
    document_count,
    created_at: subcategory.created_at.toISOString(),
    updated_at: subcategory.updated_at.toISOString(),
  };
}

export function toDocument(row: DocumentView, info: LibraryInfo): TLibraryDocument {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    content: row.content,
    effective_date: row.effective_date,
    slug: row.slug,
    category_id: row.category_id,
    subcategory_id: row.subcategory_id,
    category_name: row.category_name,
    category_icon: row.category_icon,
    subcategory_name: row.subcategory_name,
    subcategory_icon: row.subcategory_icon,
    priority: row.priority as DocumentPriority,
    status: row.status as DocumentStatus,
    file_url: row.file_key ? documentFileUrl(info.library, row.id) : null,
    file_name: row.file_name,
    file_size: row.file_size,
    company_id: row.company_id,
    company:
      row.company_id !== null && row.company_name !== null ? { id: row.company_id, name: row.company_name } : null,
    assignee_id: row.assignee_id,
    assignee: person(row.assignee_id, row.assignee_first, row.assignee_last),
    author: person(row.created_by, row.author_first, row.author_last),
    dueDate: row.due_date,
    is_mandatory: row.is_mandatory,
    tags: row.tags,
    acknowledgments: row.acknowledgments,
    acknowledged: row.acknowledged,
    version: row.version,
    supersedes_id: row.supersedes_id,
    created_at: row.created_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export interface DocumentExtras {
  /** Every acknowledgment when `listsAcknowledgments`, else only the viewer's own. */
  acknowledgments: {
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    acknowledged_at: Date;
    version: number;
  }[];
  listsAcknowledgments: boolean;
  versions: {
    version: number;
    file_key: string | null;
    file_name: string | null;
    file_size: number | null;
    created_at: Date;
    created_by: number | null;
    first_name: string | null;
    last_name: string | null;
  }[];
  supersedes: TDocumentLink | null;
  supersededBy: TDocumentLink[];
  pending?: { id: number; first_name: string; last_name: string; email: string }[];
  pendingTotal?: number;
  history: { event: string; at: Date; actor_id: number | null; first_name: string | null; last_name: string | null }[];
}

export function toDocumentDetail(
  row: DocumentView,
  info: LibraryInfo,
  viewerId: number,
  extras: DocumentExtras,
): TLibraryDocumentDetail {
  const acknowledgments: TAcknowledgment[] = extras.acknowledgments.map((a) => ({
    user: { id: a.id, name: fullName(a.first_name, a.last_name), email: a.email },
    acknowledgedAt: a.acknowledged_at.toISOString(),
    version: a.version,
  }));
  // Earliest first, so the last of one's own is the latest.
  const own = extras.acknowledgments.filter((a) => a.id === viewerId).at(-1);
  const versions: TDocumentVersion[] = extras.versions.map((v) => ({
    version: v.version,
    file_name: v.file_name,
    file_size: v.file_size,
    uploaded_at: v.created_at.toISOString(),
    uploaded_by: person(v.created_by, v.first_name, v.last_name),
    file_url: v.file_key ? documentVersionFileUrl(info.library, row.id, v.version) : null,
  }));
  const events: TTimelineEvent[] = extras.history.map((entry) => ({
    event: entry.event as TTimelineEvent['event'],
    at: entry.at.toISOString(),
    by: person(entry.actor_id, entry.first_name, entry.last_name),
  }));
  // A row written without its event (by a script, or an older release during an upgrade) still
  // shows when and by whom it was created.
  const timeline = events.some((entry) => entry.event === 'created')
    ? events
    : [
        {
          event: 'created' as const,
          at: row.created_at.toISOString(),
          by: person(row.created_by, row.author_first, row.author_last),
        },
        ...events,
      ];
  return {
    ...toDocument(row, info),
    // Replaces the list answer's count; left out (undefined is not sent) for those who may not see it.
    acknowledgments: extras.listsAcknowledgments ? acknowledgments : undefined,
    acknowledgments_count: row.acknowledgments,
    own_acknowledgment: own ? { acknowledgedAt: own.acknowledged_at.toISOString(), version: own.version } : null,
    versions,
    supersedes: extras.supersedes,
    superseded_by: extras.supersededBy,
    ...(extras.pending
      ? {
          pending_acknowledgments: extras.pending.map((p) => ({
            id: p.id,
            name: fullName(p.first_name, p.last_name),
            email: p.email,
          })),
          pending_acknowledgments_count: extras.pendingTotal ?? extras.pending.length,
        }
      : {}),
    timeline,
  };
}
