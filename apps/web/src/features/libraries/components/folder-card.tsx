import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRight, FolderPlus, Pencil, Plus, Trash2 } from 'lucide-react';
import { FolderIcon } from '../../../components/ui/folder-icon';
import { ActionsMenu, type MenuAction } from './actions-menu';

export interface FolderCardProps {
  icon: string;
  color: string;
  name: string;
  description: string | null;
  /** '3 subfolders · 12 documents'. */
  counts: string;
  onOpen: () => void;
  onEdit?: () => void;
  /** Categories only. */
  onAddSubcategory?: () => void;
  onDelete?: () => void;
}

/**
 * A category or subcategory card: the whole card opens it (Browse); edit, create-subcategory and
 * delete (section 2) sit behind one small menu button that is always shown, since touch screens
 * have no hover and a row of icons took the room the folder's name needs.
 */
export function FolderCard({
  icon,
  color,
  name,
  description,
  counts,
  onOpen,
  onEdit,
  onAddSubcategory,
  onDelete,
}: FolderCardProps) {
  const { t } = useTranslation('libraries');
  const actions: MenuAction[] = [];
  if (onEdit) actions.push({ key: 'edit', label: t('folders.edit', { name }), icon: Pencil, onSelect: onEdit });
  if (onAddSubcategory)
    actions.push({
      key: 'add',
      label: t('folders.addSubcategory', { name }),
      icon: FolderPlus,
      onSelect: onAddSubcategory,
    });
  if (onDelete)
    actions.push({
      key: 'delete',
      label: t('folders.delete', { name }),
      icon: Trash2,
      onSelect: onDelete,
      danger: true,
    });

  return (
    <li className="group relative flex min-h-36 flex-col rounded-xl border border-slate-200 bg-white shadow-sm transition hover:border-slate-300 hover:shadow-md focus-within:border-brand-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-700">
      <span
        aria-hidden="true"
        className="absolute inset-x-0 top-0 h-1 rounded-t-xl"
        style={{ backgroundColor: color }}
      />
      <button
        type="button"
        onClick={onOpen}
        className="flex flex-1 flex-col items-start gap-2 rounded-xl p-4 pt-5 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <span className={`flex w-full items-start gap-3 ${actions.length > 0 ? 'pr-8' : ''}`}>
          <span
            aria-hidden="true"
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-700 dark:text-slate-200"
            style={{ backgroundColor: `${color}22` }}
          >
            <FolderIcon icon={icon} className="h-6 w-6" />
          </span>
          <span className="min-w-0">
            <span className="block font-semibold break-words text-slate-900 dark:text-white">{name}</span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">{counts}</span>
          </span>
        </span>
        {description && <span className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{description}</span>}
        <span className="mt-auto inline-flex items-center gap-1 text-sm font-medium text-brand-700 dark:text-brand-100">
          {t('folders.browse')}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </span>
      </button>
      <ActionsMenu label={t('folders.actions', { name })} actions={actions} className="absolute top-3 right-2" />
    </li>
  );
}

/** The dashed 'New Folder' card at the end of the grid. */
export function NewFolderCard({ label, hint, onClick }: { label: string; hint: string; onClick: () => void }) {
  const hintId = useId();
  return (
    <li className="flex min-h-36">
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
