import { useMemo } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { formRights, type FormRights } from '../lib/form-rights';

/** What the signed-in person may do with forms (the shared forms policy); follows the stored user as it changes. */
export function useFormRights(): FormRights {
  const { actor } = useCurrentUser();
  return useMemo(() => formRights(actor), [actor]);
}
