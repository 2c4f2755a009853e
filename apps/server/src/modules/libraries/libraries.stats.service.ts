import type { Library } from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { addDays, startOfForceDay } from '../../lib/clock.js';
import * as repository from './libraries.documents.repository.js';

/** Counts for other modules (the dashboard's cards). */
export function createLibraryStatsService(context: AppContext) {
  return {
    /**
     * Documents of a library created on the force's days `from` to `to` (inclusive): the dashboard
     * counts what was issued in the range, and the created time is indexed (library, created_at).
     */
    countCreated(library: Library, from: string, to: string): Promise<number> {
      return repository.countCreated(context.db, library, startOfForceDay(from), startOfForceDay(addDays(to, 1)));
    },
  };
}
