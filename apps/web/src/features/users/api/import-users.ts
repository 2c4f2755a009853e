import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TImportUsersResponse } from '@srpf/shared';
import { api, UPLOAD_TIMEOUT_MS } from '../../../lib/api-client';

export interface ImportUsersInput {
  file: File;
  companyId: string;
  role: string;
}

/** POST /users/import: the whole CSV in one multipart request (field `file`), 120 s allowed. */
export async function importUsers({ file, companyId, role }: ImportUsersInput): Promise<TImportUsersResponse['data']> {
  const form = new FormData();
  form.append('company_id', companyId);
  form.append('role', role);
  form.append('file', file, file.name);
  const body = await api<TImportUsersResponse>('/users/import', {
    method: 'POST',
    body: form,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
  return body.data;
}

export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
