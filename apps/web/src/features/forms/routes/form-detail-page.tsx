import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BarChart3, Download, FileText, Pencil, Trash2 } from 'lucide-react';
import type { TForm } from '@srpf/shared';
import { useTrashSettings } from '../../../api/lookups/get-trash-settings';
import { Button, buttonClasses } from '../../../components/ui/button';
import { formatDayFirst } from '../../../components/ui/date-text';
import { Spinner } from '../../../components/ui/spinner';
import { useForm } from '../api/get-form';
import { useFormStats } from '../api/get-form-stats';
import { DeleteFormDialog } from '../components/delete-dialogs';
import {
  BackButton,
  DetailFailed,
  DetailSection,
  DetailSkeleton,
  FormNotFound,
  InfoList,
} from '../components/detail-parts';
import { LanguageBadge, VisibilityBadge } from '../components/form-badges';
import { useFolderTree } from '../components/use-folder-tree';
import { useFormFiles } from '../components/use-form-files';
import { useFormRights } from '../components/use-form-rights';
import { formFolderLabels } from '../lib/folder-tree';
import { isMissingForm } from '../lib/form-errors';
import { parseId } from '../lib/forms-browse';
import { formatFileSize } from '../lib/pdf-files';

/** /forms/:id (section 2.12). */
export function Component() {
  const { id } = useParams();
  return <FormDetail key={id} id={parseId(id)} />;
}

function FormDetail({ id }: { id: number | null }) {
  const { t } = useTranslation('form-editor');
  const form = useForm(id);

  if (id === null || (form.isError && isMissingForm(form.error))) return <FormNotFound />;
  if (form.data === undefined) {
    return form.isError ? (
      <DetailFailed message={t('detail.loadFailed')} back={<BackButton />} onRetry={() => void form.refetch()} />
    ) : (
      <DetailSkeleton label={t('detail.loading')} />
    );
  }
  return <FormView form={form.data} />;
}

/**
 * The form's title, folder path, language and visibility badges, file, upload date and the
 * uploader's User ID, a preview placeholder, and Back, Download, Edit, Delete and (administrators)
 * Stats, each shown only to whom the forms policy allows it.
 */
function FormView({ form }: { form: TForm }) {
  const { t } = useTranslation('form-editor');
  const rights = useFormRights();
  // Fetched ahead for the delete confirmation, which says how long the trash keeps the form.
  useTrashSettings(rights.remove);
  const navigate = useNavigate();
  const { tree } = useFolderTree(true);
  const files = useFormFiles();
  const [deleting, setDeleting] = useState(false);
  const [showStats, setShowStats] = useState(false);
  const downloading = files.isBusy(form.id, 'view');
  const stats = useFormStats(form.id, rights.stats && showStats);
  const path = formFolderLabels(tree ?? [], form.categoryInfo);
  const none = <span className="text-slate-600 dark:text-slate-400">{t('detail.none')}</span>;

  return (
    <div className="mx-auto w-full max-w-screen-xl space-y-5">
      <BackButton />
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-100">
            {t('detail.eyebrow')}
          </p>
          <h1 className="text-2xl font-bold break-words text-slate-900 dark:text-slate-50">{form.title}</h1>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="form-path">
            {path.length > 0 ? path.join(' / ') : form.category || t('detail.uncategorised')}
          </p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <LanguageBadge language={form.language} />
            <VisibilityBadge isPublic={form.isPublic} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => files.view(form)} disabled={downloading} aria-busy={downloading || undefined}>
            {downloading ? (
              <Spinner className="h-4 w-4 text-white" />
            ) : (
              <Download aria-hidden="true" className="h-4 w-4" />
            )}
            {t('actions.download')}
          </Button>
          {rights.edit(form) && (
            <Link to={`/forms/${form.id}/edit`} className={buttonClasses({ variant: 'secondary' })}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              {t('actions.edit')}
            </Link>
          )}
          {rights.stats && (
            <Button
              variant="secondary"
              aria-expanded={showStats}
              aria-controls={showStats ? 'form-stats' : undefined}
              onClick={() => setShowStats((shown) => !shown)}
            >
              <BarChart3 aria-hidden="true" className="h-4 w-4" />
              {t('actions.stats')}
            </Button>
          )}
          {rights.remove && (
            <Button variant="danger" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              {t('actions.delete')}
            </Button>
          )}
        </div>
      </div>

      {rights.stats && showStats && (
        <div id="form-stats">
          <DetailSection id="form-stats-heading" title={t('stats.title')}>
            {stats.isPending ? (
              <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
                {t('stats.loading')}
              </p>
            ) : stats.isError ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {t('stats.failed')}
              </p>
            ) : (
              <dl className="grid gap-4 sm:grid-cols-3">
                <div className="rounded-lg bg-slate-50 p-4 dark:bg-slate-800/60">
                  <dt className="text-sm text-slate-600 dark:text-slate-400">{t('stats.totalDownloads')}</dt>
                  <dd className="mt-1 text-2xl font-bold text-slate-900 dark:text-white" data-testid="total-downloads">
                    {stats.data.totalDownloads}
                  </dd>
                </div>
                <div className="rounded-lg bg-slate-50 p-4 dark:bg-slate-800/60">
                  <dt className="text-sm text-slate-600 dark:text-slate-400">{t('stats.uniqueUsers')}</dt>
                  <dd className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">{stats.data.uniqueUsers}</dd>
                </div>
                <div className="rounded-lg bg-slate-50 p-4 dark:bg-slate-800/60">
                  <dt className="text-sm text-slate-600 dark:text-slate-400">{t('stats.lastDownloaded')}</dt>
                  <dd className="mt-1 text-lg font-semibold text-slate-900 dark:text-white">
                    {stats.data.lastDownloadedAt ? (
                      <time dateTime={stats.data.lastDownloadedAt}>{formatDayFirst(stats.data.lastDownloadedAt)}</time>
                    ) : (
                      t('stats.never')
                    )}
                  </dd>
                </div>
              </dl>
            )}
          </DetailSection>
        </div>
      )}

      <div className="grid gap-5 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <DetailSection id="form-preview" title={t('detail.preview')}>
            <div className="flex flex-col items-center justify-center rounded-lg border-2 border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
              <FileText aria-hidden="true" className="mb-3 h-12 w-12 text-slate-400" />
              <p className="font-medium text-slate-800 dark:text-slate-200">{t('detail.previewUnavailable')}</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('detail.previewHint')}</p>
            </div>
          </DetailSection>
        </div>
        <DetailSection id="form-information" title={t('detail.information')}>
          <InfoList
            items={[
              { label: t('detail.title'), value: form.title },
              {
                label: t('detail.categoryPath'),
                value: path.length > 0 ? path.join(' / ') : t('detail.uncategorised'),
              },
              { label: t('detail.legacyCategory'), value: form.category || none },
              { label: t('detail.language'), value: <LanguageBadge language={form.language} /> },
              { label: t('detail.visibility'), value: <VisibilityBadge isPublic={form.isPublic} /> },
              { label: t('detail.filePath'), value: <span className="font-mono text-xs">{form.file_path}</span> },
              { label: t('detail.fileSize'), value: formatFileSize(form.file_size) },
              {
                label: t('detail.uploaded'),
                value: <time dateTime={form.created_at}>{formatDayFirst(form.created_at)}</time>,
              },
              { label: t('detail.userId'), value: form.uploaded_by ?? none },
              { label: t('detail.uploadedBy'), value: form.uploaded_by_name ?? none },
            ]}
          />
        </DetailSection>
      </div>

      {deleting && (
        <DeleteFormDialog
          form={form}
          onClose={() => setDeleting(false)}
          onDeleted={() => void navigate('/forms', { replace: true })}
        />
      )}
    </div>
  );
}
