import {
  isAcknowledgedLibrary,
  isApprovedLibrary,
  LIBRARY_RECORD_KEYS,
  type Library,
  type LibraryRecordKey,
} from '@srpf/shared/libraries/libraries.rules';

/**
 * The government decisions library is titled in Marathi in every language (spec document 1,
 * section 2), so its title is not a translation and lives here rather than in the locale files.
 */
export const GOVERNMENT_DECISIONS_TITLE = 'शासन निर्णय';

/** The libraries whose documents are acknowledged, sharing one detail page. */
export type AcknowledgedLibrary = 'circulars' | 'government-decisions';

/** The group of texts (in the `libraries` namespace) that name one library's things. */
export type LibraryTextKey = 'orders' | 'circulars' | 'governmentDecisions';

export interface LibraryConfig {
  library: Library;
  textKey: LibraryTextKey;
  /** `data.order`, `data.circular` or `data.decision`. */
  recordKey: LibraryRecordKey;
  /** The list page, and the prefix of a detail page. */
  basePath: string;
  /**
   * Whether list rows and supersedes links open a detail page: every library now (section 2 gave
   * decisions none; the documents issue gives them the circular's, for versions and acknowledgments).
   */
  hasDetailPage: boolean;
  /** Circulars and decisions: Mandatory/Optional, acknowledgments, tags, content instead of description. */
  acknowledged: boolean;
  /** Orders: priority, due date, assignee, approve and reject. */
  approved: boolean;
  /** The download name when there is neither a server name nor a title (section 7). */
  defaultFileName: string;
}

export const LIBRARY_CONFIG: Record<Library, LibraryConfig> = {
  orders: {
    library: 'orders',
    textKey: 'orders',
    recordKey: LIBRARY_RECORD_KEYS.orders,
    basePath: '/orders',
    hasDetailPage: true,
    acknowledged: isAcknowledgedLibrary('orders'),
    approved: isApprovedLibrary('orders'),
    defaultFileName: 'order',
  },
  circulars: {
    library: 'circulars',
    textKey: 'circulars',
    recordKey: LIBRARY_RECORD_KEYS.circulars,
    basePath: '/circulars',
    hasDetailPage: true,
    acknowledged: isAcknowledgedLibrary('circulars'),
    approved: isApprovedLibrary('circulars'),
    defaultFileName: 'circular',
  },
  'government-decisions': {
    library: 'government-decisions',
    textKey: 'governmentDecisions',
    recordKey: LIBRARY_RECORD_KEYS['government-decisions'],
    basePath: '/government-decisions',
    hasDetailPage: true,
    acknowledged: isAcknowledgedLibrary('government-decisions'),
    approved: isApprovedLibrary('government-decisions'),
    defaultFileName: 'government_decision',
  },
};
