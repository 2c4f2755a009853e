import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX, Clock, Info, Trash2 } from 'lucide-react';
import { FORM_TITLE_MAX, type FormLanguage } from '@srpf/shared/forms/forms.rules';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Field, Input, Select } from '../../../components/ui/field';
import { IconButton } from '../../../components/ui/icon-button';
import { Spinner } from '../../../components/ui/spinner';
import { bulkErrorText, missingFolderName, type BulkError, type BulkFile, type BulkStatus } from '../lib/bulk-upload';
import { pathFromKey, pathKey } from '../lib/folder-tree';
import { ROOT_PATH, type FolderPath } from '../lib/forms-browse';
import { formatFileSize } from '../lib/pdf-files';
import { LanguageOptions, VisibilityOptions } from './form-badges';

const STATUS_TONES: Record<BulkStatus, BadgeTone> = {
  pending: 'neutral',
  uploading: 'info',
  done: 'success',
  failed: 'danger',
};

function StatusIcon({ status }: { status: BulkStatus }) {
  if (status === 'uploading') return <Spinner className="h-3.5 w-3.5" />;
  const Icon = status === 'done' ? CircleCheck : status === 'failed' ? CircleX : Clock;
  return <Icon aria-hidden="true" className="mr-1 h-3.5 w-3.5" />;
}

export interface BulkFileRowProps {
  item: BulkFile;
  folders: { path: FolderPath; labels: string[] }[];
  /** The names of the folders on a path, for the notes. */
  labelsOf: (path: FolderPath) => string[];
  autoCategorise: boolean;
  locked: boolean;
  onChange: (change: Partial<Pick<BulkFile, 'title' | 'language' | 'isPublic' | 'folder'>>) => void;
  onRemove: () => void;
}

/**
 * One file of Bulk Upload (section 2.11): its name and size, status (pending, uploading, done or
 * failed with the reason), and its title, language, visibility and folder, which can be changed
 * until it has been sent. Auto-categorise's choice is shown, with a note when its folder no longer
 * exists.
 */
export function BulkFileRow({ item, folders, labelsOf, autoCategorise, locked, onChange, onRemove }: BulkFileRowProps) {
  const { t, i18n } = useTranslation('forms');
  const nameId = useId();
  const editable = !locked && (item.status === 'pending' || item.status === 'failed');
  const errorText = (error: BulkError) => bulkErrorText(error, t);
  const folderLabels = labelsOf(item.folder);
  const where = folderLabels.length > 0 ? folderLabels.join(' › ') : t('bulk.uncategorised');

  const autoFiled = item.auto !== null && item.auto.missing === null;
  let note: string | null = null;
  if (item.auto && item.auto.missing !== null) {
    const folder = missingFolderName(item.auto.missing, i18n.language !== 'en');
    if (item.auto.names.length > 0) note = t('bulk.autoPartial', { folder, path: where });
    else note = t('bulk.autoMissing', { folder });
  } else if (autoCategorise && !item.folderChosen) {
    note = t('bulk.autoNoMatch', { path: where });
  }

  return (
    <li
      aria-labelledby={nameId}
      data-bulk-file={item.file.name}
      data-status={item.status}
      className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p id={nameId} className="truncate font-medium text-slate-900 dark:text-white">
            {item.file.name}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">{formatFileSize(item.file.size)}</p>
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={STATUS_TONES[item.status]}>
            <StatusIcon status={item.status} />
            {item.status === 'uploading'
              ? t('bulk.status.uploadingPercent', { percent: Math.round(item.progress * 100) })
              : t(`bulk.status.${item.status}`)}
          </Badge>
          {editable && (
            <IconButton label={t('bulk.remove', { name: item.file.name })} onClick={onRemove} className="h-8 w-8">
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </IconButton>
          )}
        </div>
      </div>
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
        <Field label={t('bulk.fields.title')} required className="xl:col-span-1">
          {({ id, required }) => (
            <Input
              id={id}
              required={required}
              value={item.title}
              maxLength={FORM_TITLE_MAX}
              disabled={!editable}
              onChange={(event) => onChange({ title: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('bulk.fields.language')}>
          {({ id }) => (
            <Select
              id={id}
              value={item.language}
              disabled={!editable}
              onChange={(event) => onChange({ language: event.target.value as FormLanguage })}
            >
              <LanguageOptions />
            </Select>
          )}
        </Field>
        <Field label={t('bulk.fields.visibility')}>
          {({ id }) => (
            <Select
              id={id}
              value={item.isPublic ? 'public' : 'private'}
              disabled={!editable}
              onChange={(event) => onChange({ isPublic: event.target.value === 'public' })}
            >
              <VisibilityOptions />
            </Select>
          )}
        </Field>
        <Field label={t('bulk.fields.folder')}>
          {({ id }) => (
            <Select
              id={id}
              value={pathKey(item.folder)}
              disabled={!editable}
              onChange={(event) => onChange({ folder: pathFromKey(event.target.value) })}
            >
              <option value={pathKey(ROOT_PATH)}>{t('bulk.uncategorised')}</option>
              {folders.map((folder) => (
                <option key={pathKey(folder.path)} value={pathKey(folder.path)}>
                  {folder.labels.join(' › ')}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
        <span className="font-medium">{t('bulk.destination')}</span>
        <span data-testid="bulk-destination">{where}</span>
        {autoFiled && <Badge tone="info">{t('bulk.autoFiled')}</Badge>}
      </p>
      {note && (
        <p className="flex items-start gap-1.5 text-xs text-slate-600 dark:text-slate-400">
          <Info aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
          {note}
        </p>
      )}
      {item.status === 'failed' && item.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('bulk.failedReason', { reason: errorText(item.error) })}
        </p>
      )}
    </li>
  );
}
