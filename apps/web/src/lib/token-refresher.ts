import { expireSession, refreshSession } from './api-client';
import { getToken, msUntilExpiry, onSessionChange } from './session';

const EARLY_MS = 60_000;

/**
 * Keeps the session alive: refreshes shortly before the access token expires (a third of its
 * remaining life ahead, at most a minute), so users are never thrown out every 15 minutes.
 */
export function startTokenRefresher(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    clearTimeout(timer);
    const remaining = msUntilExpiry(getToken());
    if (remaining === null) return;
    const delay = Math.max(0, remaining - Math.min(EARLY_MS, remaining / 3));
    timer = setTimeout(async () => {
      if (!getToken()) return;
      if (!(await refreshSession())) expireSession();
    }, delay);
  };

  schedule();
  const unsubscribe = onSessionChange(schedule);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === 'srpf_auth_token') schedule();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}
