import { actorCan, type Actor } from '../access/actor.js';

/**
 * Who may work the trash, every area's deleted records together (documents, folders, forms): the
 * server's trash routes and the web's Trash page and its links read this one rule.
 */

/** Listing, restoring and purging the trash. */
export function mayManageTrash(actor: Actor): boolean {
  return actorCan(actor, 'manage_trash');
}
