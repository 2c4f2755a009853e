import { actorCan, companyRecordScope, type Actor, type RecordScope } from '../access/actor.js';
import { isAdministrator } from '../common/permissions.js';

/**
 * Who may use the messaging overview (/whatsapp, issue 31): the grantable `send_whatsapp`
 * (administrators hold it). What they read is scoped on the server: messages to and from the people
 * of their companies (and themselves); messages of numbers that belong to nobody only for
 * administrators. The account's settings (the self-service switch, resuming a pause) are the
 * administrators'.
 */

/** The overview, its messages, stats, export and settings (read): send_whatsapp. */
export const mayUseMessaging = (actor: Actor): boolean => actorCan(actor, 'send_whatsapp');

/** Switch self-service on or off: administrators only. */
export const mayChangeMessagingSettings = (actor: Actor): boolean => isAdministrator(actor.role);

/** Messages of a number that belongs to nobody (no person matched): administrators only. */
export const maySeeUnmatchedMessages = (actor: Actor): boolean => isAdministrator(actor.role);

/** Whose messages the overview reads: the actor's companies (own and overseen) and themselves; administrators all. */
export const messagingRecordScope = (actor: Actor): RecordScope => companyRecordScope(actor);
