import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TForm } from '@srpf/shared';
import { openFormDownload, saveFormDownload } from '../api/download-form';

type FileAction = 'view' | 'download';

/**
 * View PDF and Download (sections 2.10, 2.12 and 7), with which one is under way. Both ask
 * GET /forms/{id}/download for a signed address (valid about a minute, counted as a download): View
 * opens it in a new tab, Download saves the file under its name; the form's Stats reload after.
 */
export function useFormFiles() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<{ id: number; action: FileAction } | null>(null);

  const run = async (id: number, action: FileAction, work: () => Promise<boolean>) => {
    setBusy({ id, action });
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  return {
    view: (form: Pick<TForm, 'id'>) => void run(form.id, 'view', () => openFormDownload(form.id, queryClient)),
    download: (form: Pick<TForm, 'id' | 'file_path'>) =>
      void run(form.id, 'download', () => saveFormDownload(form.id, form.file_path, queryClient)),
    isBusy: (id: number, action: FileAction) => busy?.id === id && busy.action === action,
  };
}
