import type { TFindByPhoneResponse, TUserLookup } from '@srpf/shared';
import { api } from '../../../lib/api-client';

/** GET /appointments/users/find-by-phone?phone_number=: the person with that number, or null. */
export async function findUserByPhone(phone: string): Promise<TUserLookup | null> {
  return (await api<TFindByPhoneResponse>('/appointments/users/find-by-phone', { query: { phone_number: phone } }))
    .user;
}
