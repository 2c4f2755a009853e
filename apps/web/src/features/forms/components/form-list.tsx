import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Download, Eye, FileText, Pencil, Trash2, Upload } from 'lucide-react';
import type { TForm, TFormListResponse } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/class-names';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconButton } from '../../../components/ui/icon-button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { CardSkeletons, RecordCard, RecordCards } from '../../../components/ui/record-cards';
import { ListPagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { DataTable, FullRow, SkeletonRows, TableHead, TBody, Td, Tr } from '../../../components/ui/table';
import { useWideScreen } from '../../../components/ui/use-wide-screen';
import { formFolderLabels, type FolderNode } from '../lib/folder-tree';
import type { FormRights } from '../lib/form-rights';
import { LanguageBadge, VisibilityBadge } from './form-badges';
import type { useFormFiles } from './use-form-files';

const COLUMNS = ['form', 'language', 'visibility', 'uploaded', 'actions'] as const;

export interface FormListProps {
  answer: TFormListResponse | undefined;
  failed: boolean;
  /** A new page or filter is loading while the last rows stay on screen. */
  dimmed: boolean;
  onRetry: () => void;
  tree: FolderNode[] | undefined;
  rights: FormRights;
  files: ReturnType<typeof useFormFiles>;
  filtered: boolean;
  onPageChange: (page: number) => void;
  onUpload: () => void;
  onEdit: (form: TForm) => void;
  onDelete: (form: TForm) => void;
}

/**
 * The list view (section 2.10): Form (title and folder path), Language, Visibility, Uploaded and the
 * actions each allowed by the forms policy (View PDF, Download, Edit Metadata, Delete); 'Showing x to
 * y of total forms' with Previous/Next; 'No forms' with Upload Form when there are none.
 */
export function FormList({
  answer,
  failed,
  dimmed,
  onRetry,
  tree,
  rights,
  files,
  filtered,
  onPageChange,
  onUpload,
  onEdit,
  onDelete,
}: FormListProps) {
  const { t } = useTranslation('forms');
  const wide = useWideScreen();

  if (answer === undefined && failed) {
    return (
      <Card>
        <LoadFailed message={t('list.loadFailed')} onRetry={onRetry} className="px-4 py-10" />
      </Card>
    );
  }

  if (answer && answer.pagination.total === 0 && answer.data.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={FileText}
          title={t('list.empty')}
          description={filtered ? t('list.emptyFiltered') : undefined}
          action={
            rights.upload ? (
              <Button onClick={onUpload}>
                <Upload aria-hidden="true" className="h-4 w-4" />
                {t('list.uploadForm')}
              </Button>
            ) : undefined
          }
        />
      </Card>
    );
  }

  const rows = answer?.data ?? [];
  const pagination = answer?.pagination;
  return (
    <Card aria-busy={dimmed || answer === undefined} className={cx('transition-opacity', dimmed && 'opacity-60')}>
      {failed && (
        <p
          role="alert"
          className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          {t('list.stale')}{' '}
          <button type="button" onClick={onRetry} className="font-medium underline">
            {t('retry', { ns: 'common' })}
          </button>
        </p>
      )}
      {wide ? (
        <DataTable caption={t('list.caption')}>
          <TableHead columns={COLUMNS} label={(column) => t(`list.columns.${column}`)} />
          <TBody>
            {answer === undefined ? (
              <SkeletonRows rows={5} columns={COLUMNS.length} />
            ) : rows.length === 0 ? (
              <FullRow columns={COLUMNS.length}>
                <p className="py-4 text-center text-slate-600 dark:text-slate-400">{t('list.pastEnd')}</p>
              </FullRow>
            ) : (
              rows.map((form) => (
                <FormRow
                  key={form.id}
                  form={form}
                  tree={tree ?? []}
                  rights={rights}
                  files={files}
                  onEdit={() => onEdit(form)}
                  onDelete={() => onDelete(form)}
                />
              ))
            )}
          </TBody>
        </DataTable>
      ) : answer === undefined ? (
        <CardSkeletons rows={5} />
      ) : rows.length === 0 ? (
        <p className="px-4 py-8 text-center text-slate-600 dark:text-slate-400">{t('list.pastEnd')}</p>
      ) : (
        <RecordCards label={t('list.caption')}>
          {rows.map((form) => (
            <RecordCard
              key={form.id}
              title={<FormTitleLink form={form} />}
              subtitle={<FolderPath form={form} tree={tree ?? []} />}
              badges={
                <>
                  <LanguageBadge language={form.language} />
                  <VisibilityBadge isPublic={form.isPublic} />
                </>
              }
              fields={[[t('list.columns.uploaded'), <Uploaded key="uploaded" form={form} />]]}
              actions={
                <FormActions
                  form={form}
                  rights={rights}
                  files={files}
                  onEdit={() => onEdit(form)}
                  onDelete={() => onDelete(form)}
                />
              }
            />
          ))}
        </RecordCards>
      )}
      {pagination && (
        <ListPagination
          ns="forms"
          page={pagination.page}
          pageSize={pagination.limit}
          total={pagination.total}
          totalPages={Math.max(1, pagination.totalPages)}
          totalCapped={pagination.totalCapped ?? false}
          onPageChange={onPageChange}
          disabled={dimmed}
        />
      )}
    </Card>
  );
}

function FormRow({
  form,
  tree,
  rights,
  files,
  onEdit,
  onDelete,
}: {
  form: TForm;
  tree: FolderNode[];
  rights: FormRights;
  files: ReturnType<typeof useFormFiles>;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Tr data-form-row={form.id}>
      <Td className="max-w-md">
        <FormTitleLink form={form} />
        <p className="mt-0.5 text-xs break-words text-slate-600 dark:text-slate-400">
          <FolderPath form={form} tree={tree} />
        </p>
      </Td>
      <Td>
        <LanguageBadge language={form.language} />
      </Td>
      <Td>
        <VisibilityBadge isPublic={form.isPublic} />
      </Td>
      <Td className="whitespace-nowrap">
        <Uploaded form={form} />
      </Td>
      <Td>
        <div className="flex justify-end gap-1">
          <FormActions form={form} rights={rights} files={files} onEdit={onEdit} onDelete={onDelete} />
        </div>
      </Td>
    </Tr>
  );
}

function FormTitleLink({ form }: { form: TForm }) {
  return (
    <Link
      to={`/forms/${form.id}`}
      className="font-medium break-words text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-white"
    >
      {form.title}
    </Link>
  );
}

function FolderPath({ form, tree }: { form: TForm; tree: FolderNode[] }) {
  const { t } = useTranslation('forms');
  const labels = formFolderLabels(tree, form.categoryInfo);
  return <>{labels.length > 0 ? labels.join(' › ') : t('list.uncategorised')}</>;
}

function Uploaded({ form }: { form: TForm }) {
  const { t } = useTranslation('forms');
  return (
    <>
      <DateText iso={form.created_at} />
      {form.uploaded_by_name && (
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          {t('list.uploadedBy', { name: form.uploaded_by_name })}
        </span>
      )}
    </>
  );
}

/** View PDF, Download, and Edit Metadata and Delete where the forms policy allows them. */
function FormActions({
  form,
  rights,
  files,
  onEdit,
  onDelete,
}: {
  form: TForm;
  rights: FormRights;
  files: ReturnType<typeof useFormFiles>;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('forms');
  const viewing = files.isBusy(form.id, 'view');
  const downloading = files.isBusy(form.id, 'download');
  return (
    <>
      <IconButton
        label={t('list.actions.view', { title: form.title })}
        onClick={() => files.view(form)}
        disabled={viewing}
        aria-busy={viewing || undefined}
      >
        {viewing ? <Spinner className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
      </IconButton>
      <IconButton
        label={t('list.actions.download', { title: form.title })}
        onClick={() => files.download(form)}
        disabled={downloading}
        aria-busy={downloading || undefined}
      >
        {downloading ? <Spinner className="h-4 w-4" /> : <Download aria-hidden="true" className="h-4 w-4" />}
      </IconButton>
      {rights.edit(form) && (
        <IconButton label={t('list.actions.edit', { title: form.title })} onClick={onEdit}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
        </IconButton>
      )}
      {rights.remove && (
        <IconButton
          label={t('list.actions.delete', { title: form.title })}
          onClick={onDelete}
          className="text-red-700 hover:bg-red-50 hover:text-red-800 dark:text-red-400 dark:hover:bg-red-950"
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </IconButton>
      )}
    </>
  );
}
