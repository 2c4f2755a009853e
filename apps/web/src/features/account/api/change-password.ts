import type { TChangePasswordResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { storeSession } from '../../../lib/session';
import type { PasswordValues } from '../lib/password-change';

/**
 * PUT /users/profile/password. The server signs out every other session and answers a fresh token
 * pair, which replaces this device's (its user no longer has to change the password). A plain call,
 * not a query mutation: the first-sign-in screen shows before the signed-in layout and its client.
 */
export async function changePassword(values: PasswordValues): Promise<TChangePasswordResponse> {
  const answer = await api<TChangePasswordResponse>('/users/profile/password', { method: 'PUT', body: values });
  storeSession(answer.token, answer.data.user);
  return answer;
}
