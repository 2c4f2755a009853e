import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { referenceBody, type ReferenceFormValues } from './reference-form';
import type { ReferenceKind, ReferenceRow } from './reference-kind';

/** POST {endpoint} or PUT {endpoint}/{id} with {name, code, active} (and approval_role for designations). */
export async function saveReference<Item extends string>(
  kind: ReferenceKind<Item>,
  input: { id?: number; values: ReferenceFormValues },
): Promise<ReferenceRow> {
  const body = referenceBody(kind, input.values);
  const path = input.id === undefined ? kind.endpoint : `${kind.endpoint}/${input.id}`;
  return (
    await api<{ data: Record<Item, ReferenceRow> }>(path, { method: input.id === undefined ? 'POST' : 'PUT', body })
  ).data[kind.item];
}

/** Every query of the kind (list, total, the lookups of the user screens) and the users, which show its names, are refreshed after a save. */
export function useSaveReference(kind: ReferenceKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number; values: ReferenceFormValues }) => saveReference(kind, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [kind.queryKey] }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
      ]),
  });
}
