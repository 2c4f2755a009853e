import type { TLoginRequest, TLoginResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';

/** POST /api/auth/login. A 401 here means wrong credentials, not an expired session. */
export function login(credentials: TLoginRequest): Promise<TLoginResponse> {
  return api<TLoginResponse>('/auth/login', { method: 'POST', body: credentials, skipAuthRecovery: true });
}
