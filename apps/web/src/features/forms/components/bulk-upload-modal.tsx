import { useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { ShieldAlert, Upload } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { formKeys } from '../api/query-keys';
import { uploadForm } from '../api/upload-form';
import {
  bulkErrorOf,
  bulkErrorText,
  isToSend,
  newBulkFile,
  overallProgress,
  refile,
  runBulkUpload,
  type BulkError,
  type BulkFile,
  type FilingContext,
} from '../lib/bulk-upload';
import { flattenFolders, pathLabels, toPathNodes, type FolderNode } from '../lib/folder-tree';
import type { FolderPath } from '../lib/forms-browse';
import { splitPdfFiles } from '../lib/pdf-files';
import { BulkDropzone } from './bulk-dropzone';
import { BulkFileRow } from './bulk-file-row';

export interface BulkUploadModalProps {
  /** Bulk Upload's content needs manage_forms (canManageForms); others see 'Access Denied'. */
  allowed: boolean;
  /** The folder tree as the page shows it (active folders are offered). */
  tree: FolderNode[] | undefined;
  /** The folder the page is in: files go there unless auto-categorise or the user says otherwise. */
  current: FolderPath;
  /** PDFs dropped on a folder card, to start with. */
  initialFiles?: File[];
  onClose: () => void;
}

/** Bulk Upload Forms (section 2.11): the modal, or 'Access Denied' without the permission. */
export function BulkUploadModal({ allowed, onClose, ...rest }: BulkUploadModalProps) {
  const { t } = useTranslation('forms');
  const [busy, setBusy] = useState(false);
  if (!allowed) {
    return (
      <Modal
        open
        onClose={onClose}
        title={t('bulk.title')}
        size="sm"
        footer={
          <Button variant="secondary" onClick={onClose}>
            {t('close', { ns: 'common' })}
          </Button>
        }
      >
        <div role="alert" className="flex flex-col items-center gap-2 py-4 text-center">
          <ShieldAlert aria-hidden="true" className="h-10 w-10 text-red-600 dark:text-red-400" />
          <p className="text-lg font-semibold text-slate-900 dark:text-white">{t('bulk.accessDenied')}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('bulk.noPermission')}</p>
        </div>
      </Modal>
    );
  }
  return (
    <Modal open onClose={onClose} title={t('bulk.title')} description={t('bulk.description')} size="xl" busy={busy}>
      <BulkUploader {...rest} onClose={onClose} onBusy={setBusy} />
    </Modal>
  );
}

function BulkUploader({
  tree,
  current,
  initialFiles,
  onClose,
  onBusy,
}: Omit<BulkUploadModalProps, 'allowed'> & { onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation('forms');
  const queryClient = useQueryClient();
  const nextKey = useRef(0);
  const [autoCategorise, setAutoCategorise] = useState(false);
  const [running, setRunning] = useState(false);
  const [emptyError, setEmptyError] = useState(false);

  // Only active folders take uploads; the picker and auto-categorise see the same ones.
  const active = useMemo(() => {
    const keep = (nodes: readonly FolderNode[]): FolderNode[] =>
      nodes.filter((node) => node.isActive).map((node) => ({ ...node, children: keep(node.children) }));
    return keep(tree ?? []);
  }, [tree]);
  const folders = useMemo(
    () => flattenFolders(active).map(({ node, labels }) => ({ path: node.path, labels })),
    [active],
  );
  const pathNodes = useMemo(() => toPathNodes(active), [active]);
  const context = (auto: boolean): FilingContext => ({ autoCategorise: auto, tree: pathNodes, current });
  const labelsOf = (path: FolderPath) => pathLabels(tree ?? [], path);

  const [items, setItems] = useState<BulkFile[]>(() =>
    (initialFiles ?? []).map((file, index) => newBulkFile(file, `i${index}`, context(false))),
  );

  const addFiles = (files: File[]) => {
    const { pdfs, rejected } = splitPdfFiles(files);
    if (rejected > 0) toast.error(t('folders.notPdf'));
    if (pdfs.length === 0) return;
    setEmptyError(false);
    setItems((list) => [
      ...list,
      ...pdfs.map((file) => newBulkFile(file, `f${nextKey.current++}`, context(autoCategorise))),
    ]);
  };

  const toggleAuto = (on: boolean) => {
    setAutoCategorise(on);
    setItems((list) => refile(list, context(on)));
  };

  const change = (key: string, patch: Partial<BulkFile>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const errorText = (error: BulkError) => bulkErrorText(error, t);

  const start = async () => {
    if (items.length === 0) {
      setEmptyError(true);
      toast.error(t('bulk.noFiles'));
      return;
    }
    const queue = items.filter(isToSend);
    if (queue.length === 0) return;
    setRunning(true);
    onBusy(true);
    try {
      const outcome = await runBulkUpload(
        items,
        async (item, onProgress) => {
          await uploadForm(
            { title: item.title.trim(), language: item.language, isPublic: item.isPublic, ...item.folder },
            item.file,
            { onProgress },
          );
        },
        change,
        bulkErrorOf,
      );
      if (outcome.failed === 0) toast.success(t('bulk.completed'));
      else
        toast.error(
          t('bulk.failed', {
            message: t('bulk.failedSummary', {
              count: outcome.failed,
              total: queue.length,
              reason: outcome.firstError ? errorText(outcome.firstError) : '',
            }),
          }),
        );
    } catch (error) {
      // runBulkUpload records every file's failure itself; this is only a safety net.
      console.error('Bulk upload stopped', error);
      toast.error(t('bulk.failed', { message: errorText(bulkErrorOf(error)) }));
    } finally {
      setRunning(false);
      onBusy(false);
      void queryClient.invalidateQueries({ queryKey: formKeys.all });
    }
  };

  const progress = overallProgress(items);
  const current_ = items.find((item) => item.status === 'uploading');
  const toSend = items.filter(isToSend).length;
  const anyFailed = items.some((item) => item.status === 'failed');
  const allDone = items.length > 0 && items.every((item) => item.status === 'done');
  const hereLabels = labelsOf(current);

  return (
    <div className="space-y-4">
      <BulkDropzone onFiles={addFiles} disabled={running} />
      {emptyError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('bulk.noFiles')}
        </p>
      )}

      <div className="flex flex-wrap items-center justify-between gap-2">
        <Checkbox
          label={t('bulk.autoCategorise')}
          checked={autoCategorise}
          disabled={running || tree === undefined}
          onChange={(event) => toggleAuto(event.target.checked)}
        />
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('bulk.defaultFolder', { path: hereLabels.length > 0 ? hereLabels.join(' › ') : t('bulk.uncategorised') })}
        </p>
      </div>

      {items.length > 0 && (
        <div className="space-y-2">
          <div className="flex items-center justify-between text-sm text-slate-700 dark:text-slate-300">
            <span aria-live="polite">
              {t('bulk.progress', { finished: progress.finished, total: progress.total })}
              {current_ &&
                ` · ${t('bulk.currentFile', { name: current_.file.name, percent: Math.round(current_.progress * 100) })}`}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label={t('bulk.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress.fraction * 100)}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <div
              className="h-full bg-brand-600 transition-[width] dark:bg-brand-400"
              style={{ width: `${Math.round(progress.fraction * 100)}%` }}
            />
          </div>
        </div>
      )}

      {items.length > 0 && (
        <ul aria-label={t('bulk.filesLabel', { count: items.length })} className="space-y-3">
          {items.map((item) => (
            <BulkFileRow
              key={item.key}
              item={item}
              folders={folders}
              labelsOf={labelsOf}
              autoCategorise={autoCategorise}
              locked={running}
              onChange={(patch) =>
                change(item.key, patch.folder ? { ...patch, folderChosen: true, auto: null } : patch)
              }
              onRemove={() => setItems((list) => list.filter((other) => other.key !== item.key))}
            />
          ))}
        </ul>
      )}

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        <Button variant="secondary" onClick={onClose} disabled={running}>
          {allDone ? t('close', { ns: 'common' }) : t('cancel', { ns: 'common' })}
        </Button>
        {!allDone && (
          <Button onClick={() => void start()} disabled={running} aria-busy={running || undefined}>
            <Upload aria-hidden="true" className="h-4 w-4" />
            {running
              ? t('bulk.uploading')
              : toSend === 0
                ? t('bulk.uploadNone')
                : anyFailed
                  ? t('bulk.retry', { count: toSend })
                  : t('bulk.upload', { count: toSend })}
          </Button>
        )}
      </div>
    </div>
  );
}
