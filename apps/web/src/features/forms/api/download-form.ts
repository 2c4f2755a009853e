import toast from 'react-hot-toast';
import type { QueryClient } from '@tanstack/react-query';
import { FORM_DEFAULT_FILE_NAME } from '@srpf/shared/forms/forms.rules';
import type { TFormDownloadResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { i18n } from '../../../lib/i18n';
import { getToken } from '../../../lib/session';
import { formKeys } from './query-keys';

/** GET /forms/{id}/download → the signed address (`url`, about a minute), recorded against the user. */
export async function getFormDownloadUrl(id: number): Promise<string> {
  const answer = await api<TFormDownloadResponse>(`/forms/${id}/download`);
  return answer.url || answer.data?.url || '';
}

/** The name a downloaded form is saved under: its file name, .pdf enforced, form.pdf by default (section 7). */
export function downloadName(filePath: string | null | undefined): string {
  const base = (filePath ?? '').split(/[\\/]/).pop()?.trim() ?? '';
  if (!base) return FORM_DEFAULT_FILE_NAME;
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

const text = (key: string, options: Record<string, string> = {}) => i18n.t(`form-editor:download.${key}`, options);

/** Asking for a file needs a session: 'You must be logged in to download forms.' otherwise. */
function signedIn(): boolean {
  if (getToken()) return true;
  toast.error(text('signedOut'));
  return false;
}

/** 'Failed to open file: {message}' with the server's reason where asked for and known, else 'Error downloading PDF. Please try again.' */
function reportFailure(error: unknown, withReason: boolean): void {
  console.error('Failed to download form PDF', error);
  const message =
    withReason && error instanceof Error && error.message && (error as { status?: number }).status !== 0
      ? errorText(error)
      : '';
  toast.error(message ? text('failedWith', { message }) : text('failed'));
}

/** A download counts: the form's Stats reload when `queryClient` is given. */
function counted(id: number, queryClient: QueryClient | undefined): void {
  if (queryClient) void queryClient.invalidateQueries({ queryKey: formKeys.stats(id) });
}

/**
 * View PDF and the detail page's Download (sections 2.10, 2.12 and 7): the signed address opened in
 * a new tab, which streams the PDF without a bearer header. The tab is opened at the click, before
 * the call, so no popup blocker stops it, then sent to the address; a failure closes it and says
 * why (the spec's messages, as toasts). Returns whether the tab went to the file.
 */
export async function openFormDownload(id: number, queryClient?: QueryClient): Promise<boolean> {
  if (!signedIn()) return false;
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const url = await getFormDownloadUrl(id);
    if (!url) {
      tab?.close();
      toast.error(text('noUrl'));
      return false;
    }
    if (tab) tab.location.href = url;
    else if (!window.open(url, '_blank', 'noopener')) {
      toast.error(text('popupBlocked'));
      return false;
    }
    counted(id, queryClient);
    return true;
  } catch (error) {
    tab?.close();
    reportFailure(error, true);
    return false;
  }
}

/** A list row's Download: the same signed address, saved under the form's file name. Returns whether it started. */
export async function saveFormDownload(
  id: number,
  filePath: string | null | undefined,
  queryClient?: QueryClient,
): Promise<boolean> {
  if (!signedIn()) return false;
  try {
    const url = await getFormDownloadUrl(id);
    if (!url) {
      toast.error(text('noUrl'));
      return false;
    }
    const link = document.createElement('a');
    link.href = url;
    link.download = downloadName(filePath);
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    counted(id, queryClient);
    return true;
  } catch (error) {
    reportFailure(error, false);
    return false;
  }
}
