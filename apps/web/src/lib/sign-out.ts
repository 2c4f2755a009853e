import { api } from './api-client';
import { clearSession } from './session';

/**
 * Ends the session on this device, the one way every sign-out goes (the user menu, the
 * first-sign-in screen, an expired session). With `revoke` the server is asked first to revoke the
 * refresh session; a failed revoke must never keep someone signed in here, so its error is dropped.
 * Then the queries still in flight are cancelled (otherwise they answer 401 once the token is gone
 * and show 'Session expired'), the stored session goes, and so does every cached answer, which the
 * next person to sign in on this device must not see. The promise never rejects.
 */
export async function signOut({ revoke }: { revoke: boolean } = { revoke: true }): Promise<void> {
  if (revoke) await api<void>('/auth/logout', { method: 'POST', skipAuthRecovery: true }).catch(() => undefined);
  // Loaded on demand (the first-sign-in screen comes before the signed-in layout); if it cannot be
  // loaded there is nothing cached, and the session still ends.
  const queryClient = await import('./query-client').then(
    ({ queryClient }) => queryClient,
    () => null,
  );
  await queryClient?.cancelQueries();
  clearSession();
  queryClient?.clear();
}
