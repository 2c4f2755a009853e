import { useTranslation } from 'react-i18next';
import { FolderOpen, List } from 'lucide-react';
import type { TLibraryCategory, TLibrarySubcategory } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FolderIcon } from '../../../components/ui/folder-icon';
import { Skeleton } from '../../../components/ui/skeleton';
import type { LibraryAbilities } from '../lib/abilities';
import { FolderCard, NewFolderCard } from './folder-card';

const GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4';

function GridSkeleton() {
  return (
    <ul className={GRID} aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index}>
          <Skeleton className="h-36 w-full rounded-xl" />
        </li>
      ))}
    </ul>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('libraries');
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 px-4 py-8 text-center dark:border-red-900 dark:bg-red-950/40"
    >
      <p className="font-medium text-red-800 dark:text-red-300">{t('folders.loadFailed')}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {t('retry', { ns: 'common' })}
      </Button>
    </div>
  );
}

/** The top of the folders view: one card per category, then the dashed New Folder card. */
export function CategoryGrid({
  showsEmpty,
  categories,
  failed,
  onRetry,
  abilities,
  canDelete,
  onOpen,
  onEdit,
  onAddSubcategory,
  onDelete,
  onNewFolder,
}: {
  /** 'No folders yet' only when nothing is filed outside the folders either (false while unknown). */
  showsEmpty: boolean;
  categories: TLibraryCategory[] | undefined;
  failed: boolean;
  onRetry: () => void;
  abilities: LibraryAbilities;
  /** May the folder holding this many documents be deleted (`mayDeleteFolder`)? */
  canDelete: (documents: number) => boolean;
  onOpen: (category: TLibraryCategory) => void;
  onEdit: (category: TLibraryCategory) => void;
  onAddSubcategory: (category: TLibraryCategory) => void;
  onDelete: (category: TLibraryCategory) => void;
  onNewFolder: () => void;
}) {
  const { t } = useTranslation('libraries');
  if (categories === undefined) return failed ? <LoadFailed onRetry={onRetry} /> : <GridSkeleton />;
  if (categories.length === 0 && !abilities.manageFolders)
    return showsEmpty ? <EmptyState icon={FolderOpen} title={t('folders.noFolders')} /> : null;
  const manage = abilities.manageFolders;
  return (
    <section aria-labelledby="library-folders-heading">
      <h2 id="library-folders-heading" className="sr-only">
        {t('folders.categoriesHeading')}
      </h2>
      <ul className={GRID}>
        {categories.map((category) => (
          <FolderCard
            key={category.id}
            icon={category.icon}
            color={category.color}
            name={category.name}
            description={category.description}
            counts={`${t('folders.subcategoryCount', { count: category.subcategory_count })} · ${t('folders.documentCount', { count: category.document_count })}`}
            onOpen={() => onOpen(category)}
            onEdit={manage ? () => onEdit(category) : undefined}
            onAddSubcategory={manage ? () => onAddSubcategory(category) : undefined}
            onDelete={canDelete(category.document_count) ? () => onDelete(category) : undefined}
          />
        ))}
        {manage && (
          <NewFolderCard label={t('toolbar.newFolder')} hint={t('folders.newCategoryHint')} onClick={onNewFolder} />
        )}
      </ul>
    </section>
  );
}

/** Inside a category: its subcategory cards, the New Folder card, and a way to list everything in it. */
export function SubcategoryGrid({
  category,
  subcategories,
  failed,
  onRetry,
  abilities,
  canDelete,
  onOpen,
  onEdit,
  onDelete,
  onNewFolder,
  onShowAll,
}: {
  category: TLibraryCategory | undefined;
  subcategories: TLibrarySubcategory[] | undefined;
  failed: boolean;
  onRetry: () => void;
  abilities: LibraryAbilities;
  /** May the folder holding this many documents be deleted (`mayDeleteFolder`)? */
  canDelete: (documents: number) => boolean;
  onOpen: (subcategory: TLibrarySubcategory) => void;
  onEdit: (subcategory: TLibrarySubcategory) => void;
  onDelete: (subcategory: TLibrarySubcategory) => void;
  onNewFolder: () => void;
  onShowAll: () => void;
}) {
  const { t } = useTranslation('libraries');
  if (subcategories === undefined) return failed ? <LoadFailed onRetry={onRetry} /> : <GridSkeleton />;
  const manage = abilities.manageFolders;
  const name = category?.name ?? '';
  return (
    <section aria-labelledby="library-subfolders-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="library-subfolders-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          <span className="flex items-center gap-2">
            {category && <FolderIcon icon={category.icon} />}
            {name}
          </span>
        </h2>
        <Button variant="secondary" size="sm" onClick={onShowAll}>
          <List aria-hidden="true" className="h-4 w-4" />
          {t('folders.showAll')}
        </Button>
      </div>
      {category?.description && <p className="text-sm text-slate-600 dark:text-slate-400">{category.description}</p>}
      {subcategories.length === 0 && !manage ? (
        <EmptyState icon={FolderOpen} title={t('folders.noSubfolders')} />
      ) : (
        <ul className={GRID}>
          {subcategories.map((subcategory) => (
            <FolderCard
              key={subcategory.id}
              icon={subcategory.icon}
              color={subcategory.color}
              name={subcategory.name}
              description={subcategory.description}
              counts={t('folders.documentCount', { count: subcategory.document_count })}
              onOpen={() => onOpen(subcategory)}
              onEdit={manage ? () => onEdit(subcategory) : undefined}
              onDelete={canDelete(subcategory.document_count) ? () => onDelete(subcategory) : undefined}
            />
          ))}
          {manage && (
            <NewFolderCard
              label={t('toolbar.newFolder')}
              hint={t('folders.newSubcategoryHint', { name })}
              onClick={onNewFolder}
            />
          )}
        </ul>
      )}
    </section>
  );
}
