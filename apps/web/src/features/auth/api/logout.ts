import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** POST /auth/logout: the server revokes the refresh session and clears its cookie. */
export function logout(): Promise<void> {
  return api<void>('/auth/logout', { method: 'POST', skipAuthRecovery: true });
}

/**
 * Returns `signOut()`: asks the server to revoke the session, then (whether or not it answered)
 * clears the stored session and every cached query and goes to /login. The promise never rejects.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // A failed revoke must never keep someone signed in on this device, so its error is dropped.
    await logout().catch(() => undefined);
    // Requests still in flight would otherwise answer 401 after the token is gone and show 'Session expired'.
    await queryClient.cancelQueries();
    clearSession();
    queryClient.clear();
    await navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}
