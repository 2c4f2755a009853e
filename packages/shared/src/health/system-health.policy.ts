import type { Actor } from '../access/actor.js';
import { isAdministrator } from '../common/permissions.js';

/**
 * The system health page (issue 32) shows every instance's hosts, logs and the shared services'
 * state: administrators only (superadmin and admin); no grant opens it.
 */
export const mayViewSystemHealth = (actor: Pick<Actor, 'role'>): boolean => isAdministrator(actor.role);
