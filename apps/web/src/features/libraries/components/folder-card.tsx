import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRight, FolderPlus, Pencil, Plus, Trash2 } from 'lucide-react';
import { cx } from '../../../components/ui/class-names';
import { IconButton } from '../../../components/ui/icon-button';

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
 * delete appear on hover (section 2), and whenever the card holds the keyboard focus, or always
 * on touch screens, which have no hover.
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
  const actions: ReactNode[] = [];
  if (onEdit)
    actions.push(
      <IconButton key="edit" label={t('folders.edit', { name })} onClick={onEdit} className="h-8 w-8">
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </IconButton>,
    );
  if (onAddSubcategory)
    actions.push(
      <IconButton
        key="add"
        label={t('folders.addSubcategory', { name })}
        onClick={onAddSubcategory}
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
        <span className="flex w-full items-start gap-3 pr-24">
          <span
            aria-hidden="true"
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-2xl"
            style={{ backgroundColor: `${color}22` }}
          >
            {icon}
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
