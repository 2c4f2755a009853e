import { expireSession, refreshSession } from './api-client';
import { getToken, msUntilExpiry, onSessionChange } from './session';

const EARLY_MS = 60_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'focus'] as const;

/**
 * Keeps an active session alive: shortly before the access token expires (a third of its remaining
 * life ahead, at most a minute) it is refreshed, so people at work are never thrown out every 15
 * minutes. It is refreshed only if the user did something since the token arrived: an idle tab
 * lets it lapse, so the user's idle timeout (enforced on the refresh token by the server) means
 * what it says. The next action of a returning user then refreshes on the 401, or ends the session
 * when the idle timeout has passed.
 */
export function startTokenRefresher(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastActivity = Date.now();
  let tokenArrivedAt = Date.now();
  const markActive = () => {
    lastActivity = Date.now();
  };

  const schedule = () => {
    clearTimeout(timer);
    tokenArrivedAt = Date.now();
    const remaining = msUntilExpiry(getToken());
    if (remaining === null) return;
    const delay = Math.max(0, remaining - Math.min(EARLY_MS, remaining / 3));
    timer = setTimeout(() => {
      if (!getToken() || lastActivity < tokenArrivedAt) return;
      void refreshSession().then((refreshed) => {
        if (!refreshed) expireSession();
      });
    }, delay);
  };

  schedule();
  const unsubscribe = onSessionChange(schedule);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === 'srpf_auth_token') schedule();
  };
  window.addEventListener('storage', onStorage);
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, markActive, { passive: true, capture: true });
  return () => {
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('storage', onStorage);
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, markActive, { capture: true });
  };
}
