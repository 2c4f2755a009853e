import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TLoginRequest, TLoginResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { storeSession } from '../../../lib/session';

/** POST /auth/login. A 401 here means wrong credentials, not an expired session, so no refresh is tried. */
export function login(credentials: TLoginRequest): Promise<TLoginResponse> {
  return api<TLoginResponse>('/auth/login', { method: 'POST', body: credentials, skipAuthRecovery: true });
}

type LoginState = { status: 'idle' | 'pending' | 'success' } | { status: 'error'; error: unknown };

/**
 * Signs in, stores the token and user, and goes to /dashboard. An already-expired token is refused by
 * storeSession (with a warning); the spec still navigates, and the guard then brings the user back.
 * A plain hook rather than a TanStack mutation: the query client is not loaded before sign-in, which
 * keeps the login page inside its size budget.
 */
export function useLogin() {
  const navigate = useNavigate();
  const [state, setState] = useState<LoginState>({ status: 'idle' });

  const signIn = useCallback(
    async (credentials: TLoginRequest) => {
      setState({ status: 'pending' });
      let answer: TLoginResponse;
      try {
        answer = await login(credentials);
      } catch (error) {
        setState({ status: 'error', error });
        return;
      }
      setState({ status: 'success' });
      storeSession(answer.token, answer.data?.user);
      await navigate('/dashboard', { replace: true });
      // Only seen if this page is still shown (the token was refused): the form works again.
      setState({ status: 'idle' });
    },
    [navigate],
  );
  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { ...state, error: state.status === 'error' ? state.error : null, signIn, reset };
}
