import type { TLibraryDocument } from '@srpf/shared';

/** The mandatory circulars the reader has not acknowledged (in their current version): what he must still read. */
export function circularsToAcknowledge<Circular extends Pick<TLibraryDocument, 'is_mandatory' | 'acknowledged'>>(
  documents: readonly Circular[],
): Circular[] {
  return documents.filter((document) => document.is_mandatory && !document.acknowledged);
}
