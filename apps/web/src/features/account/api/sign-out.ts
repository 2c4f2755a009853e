import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** POST /auth/logout, then the session ends here whatever the answer; the guard then shows /login. */
export async function signOut(): Promise<void> {
  try {
    await api('/auth/logout', { method: 'POST', skipAuthRecovery: true });
  } catch {
    // An unreachable server must not keep the user signed in on this device.
  }
  clearSession();
  // The next person to sign in on this device must not see this user's cached answers.
  const { queryClient } = await import('../../../app/query-client');
  queryClient.clear();
}
