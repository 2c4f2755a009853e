import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRight, FolderPlus, Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/class-names';
import { IconButton } from '../../../components/ui/icon-button';
import { FolderIcon } from '../../../components/ui/folder-icon';
import type { FolderNode } from '../lib/folder-tree';
import { useFileDrop } from './use-file-drop';

export interface FolderCardProps {
  folder: FolderNode;
  /** '2 subfolders · 5 forms'. */
  counts: string;
  onOpen: () => void;
  onEdit?: () => void;
  /** Create subcategory (a category's card) or sub-subcategory (a subcategory's). */
  onAddChild?: () => void;
  onDelete?: () => void;
  /** Files dropped on the card (for those who may upload): an upload into this folder. */
  onDropFiles?: (files: File[]) => void;
}

/**
 * A folder card (section 2.10): colour, icon, name in the screen's language, description and the
 * number of forms; the whole card opens it. Edit, create-below and delete appear on hover, whenever
 * the card holds the keyboard focus, and always on touch screens. A PDF dragged over it highlights
 * it, and dropped starts an upload into it.
 */
export function FolderCard({ folder, counts, onOpen, onEdit, onAddChild, onDelete, onDropFiles }: FolderCardProps) {
  const { t } = useTranslation('forms');
  const { over, dropHandlers } = useFileDrop(onDropFiles);
  const dropHintId = useId();
  const name = folder.label;

  const actions: ReactNode[] = [];
  if (onEdit)
    actions.push(
      <IconButton key="edit" label={t('folders.edit', { name })} onClick={onEdit} className="h-8 w-8">
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </IconButton>,
    );
  if (onAddChild)
    actions.push(
      <IconButton
        key="add"
        label={t(folder.level === 'category' ? 'folders.addSubcategory' : 'folders.addSubSubcategory', { name })}
        onClick={onAddChild}
        className="h-8 w-8"
      >
        <FolderPlus aria-hidden="true" className="h-4 w-4" />
      </IconButton>,
    );
  if (onDelete)
    actions.push(
      <IconButton
        key="delete"
        label={t('folders.delete', { name })}
        onClick={onDelete}
        className="h-8 w-8 hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950 dark:hover:text-red-300"
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </IconButton>,
    );

  return (
    <li
      data-folder-card={folder.id}
      data-drag-over={over || undefined}
      {...dropHandlers}
      className={cx(
        'group relative flex min-h-40 flex-col rounded-xl border bg-white shadow-sm transition focus-within:border-brand-500 hover:shadow-md dark:bg-slate-900',
        over
          ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-500 dark:border-brand-400 dark:bg-slate-800 dark:ring-brand-400'
          : 'border-slate-200 hover:border-slate-300 dark:border-slate-800 dark:hover:border-slate-700',
      )}
    >
      <span
        aria-hidden="true"
        className="absolute inset-x-0 top-0 h-1 rounded-t-xl"
        style={{ backgroundColor: folder.color }}
      />
      <button
        type="button"
        onClick={onOpen}
        aria-describedby={onDropFiles ? dropHintId : undefined}
        className="flex flex-1 flex-col items-start gap-2 rounded-xl p-4 pt-5 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <span className="flex w-full items-start gap-3 pr-24">
          <span
            aria-hidden="true"
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-700 dark:text-slate-200"
            style={{ backgroundColor: `${folder.color}22` }}
          >
            <FolderIcon icon={folder.icon} className="h-6 w-6" />
          </span>
          <span className="min-w-0">
            <span className="block font-semibold break-words text-slate-900 dark:text-white">{name}</span>
            <span className="block text-xs text-slate-600 dark:text-slate-400">{counts}</span>
          </span>
        </span>
        {!folder.isActive && <Badge tone="neutral">{t('folders.inactive')}</Badge>}
        {folder.description && (
          <span className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{folder.description}</span>
        )}
        <span className="mt-auto inline-flex items-center gap-1 text-sm font-medium text-brand-700 dark:text-brand-100">
          {t('folders.open')}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </span>
      </button>
      {onDropFiles && (
        <span id={dropHintId} className="sr-only">
          {t('folders.dropHint')}
        </span>
      )}
      {over && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 flex items-center justify-center rounded-xl bg-white/85 dark:bg-slate-900/85"
        >
          <span className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white">
            <Upload className="h-4 w-4" />
            {t('folders.dropHere', { name })}
          </span>
        </div>
      )}
      {actions.length > 0 && (
        <div
          className={cx(
            'absolute top-3 right-2 flex gap-0.5 rounded-lg bg-white/90 transition-opacity dark:bg-slate-900/90',
            'pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:group-focus-within:opacity-100',
          )}
        >
          {actions}
        </div>
      )}
    </li>
  );
}

/** The dashed 'New Folder' card at the end of the grid (folder managers). */
export function NewFolderCard({ label, hint, onClick }: { label: string; hint: string; onClick: () => void }) {
  const hintId = useId();
  return (
    <li className="flex min-h-40">
      <button
        type="button"
        onClick={onClick}
        aria-describedby={hintId}
        className="flex flex-1 flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 p-4 text-slate-600 transition hover:border-brand-500 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-slate-700 dark:text-slate-400 dark:hover:border-brand-500 dark:hover:bg-slate-900 dark:hover:text-brand-100"
      >
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-100 dark:bg-slate-800">
          <Plus aria-hidden="true" className="h-5 w-5" />
        </span>
        <span className="font-semibold">{label}</span>
        <span id={hintId} className="text-xs">
          {hint}
        </span>
      </button>
    </li>
  );
}
