import {
  isAcknowledgedLibrary,
  isApprovedLibrary,
  LIBRARY_RECORD_KEYS,
  type Library,
  type LibraryRecordKey,
} from '@srpf/shared';

/**
 * Everything that differs between the three libraries, in one place. The permissions do not differ
 * (`LIBRARY_PERMISSIONS` in `@srpf/shared`, read by the routes).
 */
export interface LibraryInfo {
  library: Library;
  /** `data.order`, `data.circular`, `data.decision`; also the audit entity type. */
  key: LibraryRecordKey;
  /** 'Order', 'Circular', 'Government decision': the start of messages such as 'Order not found'. */
  label: string;
  /** The download name when a document has neither a file name nor a usable title (spec section 7). */
  defaultFileName: string;
  acknowledged: boolean;
  approved: boolean;
}

const LABELS: Record<Library, { label: string; defaultFileName: string }> = {
  orders: { label: 'Order', defaultFileName: 'order' },
  circulars: { label: 'Circular', defaultFileName: 'circular' },
  'government-decisions': { label: 'Government decision', defaultFileName: 'government_decision' },
};

export function libraryInfo(library: Library): LibraryInfo {
  return {
    library,
    key: LIBRARY_RECORD_KEYS[library],
    ...LABELS[library],
    acknowledged: isAcknowledgedLibrary(library),
    approved: isApprovedLibrary(library),
  };
}
