import { useEffect } from 'react';
import { refreshSession } from '../../../lib/api-client';
import { roleNameOf } from '../../../lib/current-user';
import { getStoredUser } from '../../../lib/session';

/** Set for the tab once it has reloaded, so a user whose role never arrives is not reloaded in a loop. */
const RELOADED_KEY = 'srpf-forms-role-reload';

/**
 * Section 2.10: "If the cached user lacks a role, the page refreshes authentication and reloads
 * once." The refresh answers the session user with its role and stores it; the reload then draws
 * the page with the right buttons. Once per tab, whatever the outcome.
 */
export function useRoleRecovery(): void {
  useEffect(() => {
    const user = getStoredUser();
    if (!user) return;
    if (roleNameOf(user)) {
      sessionStorage.removeItem(RELOADED_KEY);
      return;
    }
    if (sessionStorage.getItem(RELOADED_KEY)) return;
    sessionStorage.setItem(RELOADED_KEY, '1');
    // Not cancelled on unmount: the reload is what draws the signed-in shell with the role.
    void refreshSession().then(() => window.location.reload());
  }, []);
}
