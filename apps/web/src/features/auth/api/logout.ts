import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/**
 * Signs out: tells the server (POST /api/auth/logout), then ends the session here whatever it
 * answered, drops every cached query and goes to /login.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(async () => {
    try {
      await api('/auth/logout', { method: 'POST', skipAuthRecovery: true });
    } catch {
      // An expired token or an unreachable server must not keep the user signed in on this device.
    }
    clearSession();
    await navigate('/login', { replace: true });
    queryClient.clear();
  }, [navigate, queryClient]);
}
