import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, ChevronRight, FolderPlus, FolderTree, Pencil, Plus, Trash2 } from 'lucide-react';
import { folderDepth, type FormFolderLevel } from '@srpf/shared/forms/forms.rules';
import type { TFormFolder } from '@srpf/shared';
import { useTrashSettings } from '../../../api/lookups/get-trash-settings';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/class-names';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconButton } from '../../../components/ui/icon-button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Modal } from '../../../components/ui/modal';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { FolderIcon } from '../../../components/ui/folder-icon';
import { DeleteFolderDialog } from '../components/delete-dialogs';
import { AccessDenied, BackToForms } from '../components/detail-parts';
import { FolderForm } from '../components/folder-form';
import { useFolderTree } from '../components/use-folder-tree';
import { useFormRights } from '../components/use-form-rights';
import { folderToDelete, type FolderToDelete } from '../lib/folder-delete';
import { flattenFolders, levelBelow, pathKey, type FolderNode } from '../lib/folder-tree';
import type { FormRights } from '../lib/form-rights';

/** /forms/categories (section 2.13). */
export function Component() {
  const { t } = useTranslation('form-editor');
  const rights = useFormRights();
  if (!rights.manageFolders)
    return (
      <AccessDenied
        back={<BackToForms compact />}
        title={t('categories.title')}
        message={t('categories.accessDenied')}
        titleHidden
      />
    );
  return <CategoriesManager rights={rights} />;
}

/** The modal's subject: a new folder at a level (under a parent), or one being edited. */
type Editing =
  | { kind: 'create'; level: FormFolderLevel; parent: FolderNode | null }
  | { kind: 'edit'; level: FormFolderLevel; folder: TFormFolder };

/**
 * The expandable tree of the three levels with each folder's form count (everything below it), and
 * for category managers New Category, add a folder below, edit and delete (the last needs
 * delete_documents as well when forms would go with it). The modal creates and edits with the
 * folder form.
 */
function CategoriesManager({ rights }: { rights: FormRights }) {
  const { t } = useTranslation('form-editor');
  // Fetched ahead for the delete confirmations, which say how long the trash keeps what is deleted.
  useTrashSettings();
  const { tree, query } = useFolderTree(true);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<FolderToDelete | null>(null);

  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const expand = (key: string) => setExpanded((current) => (current.has(key) ? current : new Set(current).add(key)));
  const expandAll = () =>
    setExpanded(
      new Set(
        flattenFolders(tree ?? [])
          .filter(({ node }) => levelBelow(node.level) !== null)
          .map(({ node }) => pathKey(node.path)),
      ),
    );

  const modalTitle = (subject: Editing) => {
    const type = t(`levelTitles.${subject.level}`);
    if (subject.kind === 'edit') return t('categories.editTitle', { type });
    return subject.parent
      ? t('categories.createInTitle', { type, parent: subject.parent.label })
      : t('categories.createTitle', { type });
  };

  const closeModal = () => setEditing(null);
  const saved = () => {
    // A new folder shows where it went.
    if (editing?.kind === 'create' && editing.parent) expand(pathKey(editing.parent.path));
    setEditing(null);
  };
  const newCategoryButton = (
    <Button onClick={() => setEditing({ kind: 'create', level: 'category', parent: null })}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      {t('categories.newCategory')}
    </Button>
  );

  const branchProps = { rights, expanded, toggle, onEdit: setEditing, onDelete: setDeleting };

  return (
    <div className="mx-auto w-full max-w-screen-lg space-y-5">
      <BackToForms compact />
      <PageHeader
        eyebrow={t('detail.eyebrow')}
        title={t('categories.title')}
        description={t('categories.description')}
        actions={newCategoryButton}
      />

      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-5 py-3 dark:border-slate-800">
          <h2 className="font-semibold text-slate-900 dark:text-white">{t('categories.treeTitle')}</h2>
          {tree && tree.length > 0 && (
            <div className="flex gap-2">
              <Button variant="ghost" size="sm" onClick={expandAll}>
                {t('categories.expandAll')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setExpanded(new Set())}>
                {t('categories.collapseAll')}
              </Button>
            </div>
          )}
        </div>
        {query.isPending ? (
          <div aria-busy="true" className="space-y-2 p-5">
            <p role="status" className="sr-only">
              {t('categories.loading')}
            </p>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : query.isError || tree === undefined ? (
          <LoadFailed
            message={t('categories.loadFailed')}
            onRetry={() => void query.refetch()}
            className="px-6 py-10"
          />
        ) : tree.length === 0 ? (
          <EmptyState
            icon={FolderTree}
            title={t('categories.empty')}
            description={t('categories.emptyHint')}
            action={newCategoryButton}
          />
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label={t('categories.treeTitle')}>
            {tree.map((category) => (
              <FolderBranch key={category.id} node={category} {...branchProps} />
            ))}
          </ul>
        )}
      </Card>

      {editing && (
        <Modal open onClose={closeModal} title={modalTitle(editing)} size="lg">
          <FolderForm
            level={editing.level}
            folder={editing.kind === 'edit' ? editing.folder : undefined}
            parentId={editing.kind === 'create' ? (editing.parent?.id ?? null) : undefined}
            onSaved={saved}
            onCancel={closeModal}
          />
        </Modal>
      )}
      {deleting && <DeleteFolderDialog folder={deleting} question="type" onClose={() => setDeleting(null)} />}
    </div>
  );
}

interface BranchProps {
  rights: FormRights;
  expanded: ReadonlySet<string>;
  toggle: (key: string) => void;
  onEdit: (editing: Editing) => void;
  onDelete: (folder: FolderToDelete) => void;
}

/** A folder's line and, when expanded, the folders inside it (the three levels alike). */
function FolderBranch({ node, ...props }: BranchProps & { node: FolderNode }) {
  const treeKey = pathKey(node.path);
  const open = props.expanded.has(treeKey);
  return (
    <li>
      <FolderLine node={node} open={open} treeKey={treeKey} {...props} />
      {open && node.children.length > 0 && (
        <ul className="border-t border-slate-100 dark:border-slate-800">
          {node.children.map((child) => (
            <FolderBranch key={child.id} node={child} {...props} />
          ))}
        </ul>
      )}
    </li>
  );
}

const INDENT = ['pl-3', 'pl-10', 'pl-[4.25rem]'] as const;

/** One folder: expand toggle, icon, name, slug, form count, Inactive; add below, edit, delete. */
function FolderLine({
  node,
  open,
  treeKey,
  rights,
  toggle,
  onEdit,
  onDelete,
}: BranchProps & { node: FolderNode; open: boolean; treeKey: string }) {
  const { t } = useTranslation('form-editor');
  const { level, label: name, folder } = node;
  const childLevel = levelBelow(level);
  return (
    <div
      className={cx(
        'flex flex-wrap items-center gap-2 py-2.5 pr-3 hover:bg-slate-50 dark:hover:bg-slate-800/50',
        INDENT[folderDepth(level) - 1],
      )}
      data-testid={`folder-${level}-${node.id}`}
    >
      {node.children.length > 0 ? (
        <IconButton
          label={open ? t('categories.collapse', { name }) : t('categories.expand', { name })}
          aria-expanded={open}
          onClick={() => toggle(treeKey)}
          className="h-7 w-7"
        >
          {open ? (
            <ChevronDown aria-hidden="true" className="h-4 w-4" />
          ) : (
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          )}
        </IconButton>
      ) : (
        <span aria-hidden="true" className="inline-block h-7 w-7" />
      )}
      <span
        aria-hidden="true"
        className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-slate-700 dark:text-slate-200"
        style={{ backgroundColor: `${node.color}26` }}
      >
        <FolderIcon icon={node.icon} className="h-4 w-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-words text-slate-900 dark:text-white">{name}</span>
          {name !== folder.name && <span className="text-sm text-slate-600 dark:text-slate-400">({folder.name})</span>}
          {!node.isActive && <Badge tone="neutral">{t('categories.inactive')}</Badge>}
        </p>
        <p className="font-mono text-xs text-slate-600 dark:text-slate-400">{node.slug}</p>
      </div>
      <Badge tone="primary">{t('categories.formCount', { count: node.formCount })}</Badge>
      <div className="flex items-center">
        {childLevel && (
          <IconButton
            label={t('categories.addChild', { type: t(`levels.${childLevel}`), name })}
            onClick={() => onEdit({ kind: 'create', level: childLevel, parent: node })}
          >
            <FolderPlus aria-hidden="true" className="h-4 w-4" />
          </IconButton>
        )}
        <IconButton
          label={t('categories.editFolder', { name })}
          onClick={() => onEdit({ kind: 'edit', level, folder })}
        >
          <Pencil aria-hidden="true" className="h-4 w-4" />
        </IconButton>
        {rights.removeFolder(node.formCount) && (
          <IconButton
            label={t('categories.deleteFolder', { name })}
            onClick={() => onDelete(folderToDelete(node))}
            className="text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300"
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </IconButton>
        )}
      </div>
    </div>
  );
}
