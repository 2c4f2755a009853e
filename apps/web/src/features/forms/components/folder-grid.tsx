import { useTranslation } from 'react-i18next';
import { FolderOpen, FolderPlus, List, Upload } from 'lucide-react';
import type { FormFolderLevel } from '@srpf/shared/forms/forms.rules';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Skeleton } from '../../../components/ui/skeleton';
import { FolderIcon } from '../../../components/ui/folder-icon';
import type { FolderNode } from '../lib/folder-tree';
import type { FormRights } from '../lib/form-rights';
import { FolderCard, NewFolderCard } from './folder-card';

const GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4';

export interface FolderGridProps {
  /** The cards of this level; undefined while the tree loads. */
  folders: FolderNode[] | undefined;
  /** The folder opened (null at the categories). */
  parent: FolderNode | null;
  /** The level of the cards. */
  level: FormFolderLevel;
  failed: boolean;
  onRetry: () => void;
  rights: FormRights;
  onOpen: (folder: FolderNode) => void;
  onEdit: (folder: FolderNode) => void;
  onAddChild: (folder: FolderNode) => void;
  onDelete: (folder: FolderNode) => void;
  onDropFiles: (folder: FolderNode, files: File[]) => void;
  /** New Folder at this level. */
  onNewFolder: () => void;
  /** Everything in the opened folder, in the list. */
  onShowForms: () => void;
  /** Upload into the opened folder. */
  onUpload: () => void;
}

function GridSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul className={GRID} aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index}>
            <Skeleton className="h-40 w-full rounded-xl" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The folders view at one of the three levels (section 2.10): the cards, the dashed New Folder card
 * for folder managers, and the empty states ('Create category' for folder managers, Upload for
 * those who may upload).
 */
export function FolderGrid(props: FolderGridProps) {
  const { folders, parent, level, failed, onRetry, rights } = props;
  const { t } = useTranslation('forms');
  if (folders === undefined)
    return failed ? (
      <LoadFailed message={t('folders.loadFailed')} onRetry={onRetry} className="py-10" />
    ) : (
      <GridSkeleton label={t('folders.loading')} />
    );

  const manage = rights.manageFolders;
  const createLabel = t(`folders.create.${level}`);
  const newFolderHint = parent
    ? t(`folders.newFolderHint.${level}`, { name: parent.label })
    : t('folders.newFolderHint.category');
  const heading = parent ? (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="forms-folders-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          <span className="flex items-center gap-2">
            <FolderIcon icon={parent.icon} />
            {parent.label}
          </span>
        </h2>
        <Button variant="secondary" size="sm" onClick={props.onShowForms}>
          <List aria-hidden="true" className="h-4 w-4" />
          {t('folders.showForms', { count: parent.formCount })}
        </Button>
      </div>
      {parent.description && <p className="text-sm text-slate-600 dark:text-slate-400">{parent.description}</p>}
    </div>
  ) : (
    <h2 id="forms-folders-heading" className="sr-only">
      {t('folders.categoriesHeading')}
    </h2>
  );

  if (folders.length === 0) {
    return (
      <section aria-labelledby="forms-folders-heading" className="space-y-4">
        {heading}
        <EmptyState
          icon={FolderOpen}
          title={parent ? t('folders.noSubfolders') : t('folders.noFolders')}
          className="rounded-xl border border-dashed border-slate-300 dark:border-slate-700"
          action={
            manage || rights.upload ? (
              <div className="flex flex-wrap justify-center gap-2">
                {manage && (
                  <Button onClick={props.onNewFolder}>
                    <FolderPlus aria-hidden="true" className="h-4 w-4" />
                    {createLabel}
                  </Button>
                )}
                {rights.upload && (
                  <Button variant="secondary" onClick={props.onUpload}>
                    <Upload aria-hidden="true" className="h-4 w-4" />
                    {parent ? t('folders.uploadHere') : t('list.uploadForm')}
                  </Button>
                )}
              </div>
            ) : undefined
          }
        />
      </section>
    );
  }

  const countsOf = (folder: FolderNode) => {
    const forms = t('folders.formCount', { count: folder.formCount });
    return folder.level === 'sub_subcategory'
      ? forms
      : `${t('folders.subfolderCount', { count: folder.children.length })} · ${forms}`;
  };

  return (
    <section aria-labelledby="forms-folders-heading" className="space-y-4">
      {heading}
      <ul className={GRID}>
        {folders.map((folder) => (
          <FolderCard
            key={folder.id}
            folder={folder}
            counts={countsOf(folder)}
            onOpen={() => props.onOpen(folder)}
            onEdit={manage ? () => props.onEdit(folder) : undefined}
            onAddChild={manage && folder.level !== 'sub_subcategory' ? () => props.onAddChild(folder) : undefined}
            onDelete={rights.removeFolder(folder.formCount) ? () => props.onDelete(folder) : undefined}
            onDropFiles={rights.upload ? (files) => props.onDropFiles(folder, files) : undefined}
          />
        ))}
        {manage && <NewFolderCard label={t('toolbar.newFolder')} hint={newFolderHint} onClick={props.onNewFolder} />}
      </ul>
    </section>
  );
}
