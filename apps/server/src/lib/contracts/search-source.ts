import type { Actor } from '@srpf/shared';

/**
 * CONTRACT FOR ISSUE 34 (global search), not used yet: an area whose records can be found by the
 * search contributes one of these in its manifest (`searchSources`). Only the shape is fixed here;
 * ranking, paging and what a hit links to are issue 36's to decide and may extend it.
 */
export interface SearchSource {
  /** The area searched, named in results (e.g. 'orders', 'forms'). */
  area: string;
  /** Records the actor may see that match `text`, at most `limit`, best first. */
  search(actor: Actor, text: string, limit: number): Promise<SearchHit[]>;
}

/** One record found: enough for a result line; the area's own route answers the rest. */
export interface SearchHit {
  id: number;
  title: string;
}
