import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { FolderCog, FolderPlus, Plus, Upload } from 'lucide-react';
import type { TForm } from '@srpf/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useTrashSettings } from '../../../api/lookups/get-trash-settings';
import { useForms, useHierarchicalForms } from '../api/get-forms';
import { BulkUploadModal } from '../components/bulk-upload-modal';
import { DeleteFolderDialog, DeleteFormDialog } from '../components/delete-dialogs';
import { FolderGrid } from '../components/folder-grid';
import { FormFilters } from '../components/form-filters';
import { FormList } from '../components/form-list';
import { FormsBreadcrumb, type Crumb } from '../components/forms-breadcrumb';
import { FormsPanel, type PanelContent } from '../components/forms-panel';
import { FormsToolbar } from '../components/forms-toolbar';
import { useFolderTree } from '../components/use-folder-tree';
import { useFormRights } from '../components/use-form-rights';
import { useFormFiles } from '../components/use-form-files';
import { useRoleRecovery } from '../components/use-role-recovery';
import { folderToDelete, type FolderToDelete } from '../lib/folder-delete';
import { openFolder } from '../lib/folder-navigation';
import { folderAt, foldersAt, foldersOnPath, levelAt, levelBelow, type FolderNode } from '../lib/folder-tree';
import { formListRequest } from '../lib/form-list-query';
import {
  canGoBack,
  changeFilter,
  clearFilters,
  formsParams,
  goBack,
  goHome,
  goToLevel,
  goToPage,
  hasFilters,
  parentPath,
  parseFormsParams,
  pathDepth,
  pathOf,
  searchFor,
  switchView,
  type FolderPath,
  type FormsBrowseState,
} from '../lib/forms-browse';
import { splitPdfFiles } from '../lib/pdf-files';

type Dialog =
  | { kind: 'bulk'; current: FolderPath; files?: File[] }
  | { kind: 'deleteForm'; form: TForm }
  | { kind: 'deleteFolder'; folder: FolderToDelete; path: FolderPath }
  | null;

/** Whether `inner` lies at or below `outer` (a deleted folder the user is inside). */
const isWithin = (inner: FolderPath, outer: FolderPath) =>
  outer.categoryId !== null &&
  inner.categoryId === outer.categoryId &&
  (outer.subcategoryId === null || inner.subcategoryId === outer.subcategoryId) &&
  (outer.subSubcategoryId === null || inner.subSubcategoryId === outer.subSubcategoryId);

/**
 * /forms, the forms library (spec document 2, sections 2.10 and 2.11): the folder tree at its three
 * levels or the list with its filters, the breadcrumb and Back, New Folder, Bulk Upload and New Form,
 * and the right-side panel for uploads, metadata and folders. Where the user is lives in the address.
 */
export function Component() {
  const { t } = useTranslation('forms');
  useRoleRecovery();
  const rights = useFormRights();
  // Fetched ahead for the delete confirmations, which say how long the trash keeps what is deleted.
  useTrashSettings(rights.remove || rights.manageFolders);
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseFormsParams(params), [params]);
  const navigate = (next: FormsBrowseState, replace = false) => setParams(formsParams(next), { replace });
  const [panel, setPanel] = useState<PanelContent | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const files = useFormFiles();

  const { tree, query: treeQuery } = useFolderTree(rights.manageFolders);
  const listed = state.view === 'list';
  const request = formListRequest(state);
  const plainList = useForms(request.params, listed && !request.hierarchical);
  const folderList = useHierarchicalForms(request.params, listed && request.hierarchical);
  const forms = request.hierarchical ? folderList : plainList;

  // A page past the end (after a delete, or a stale link) moves to the last page.
  const lastPage = forms.data?.pagination.totalPages;
  const moveToPage = useEffectEvent((page: number) => navigate(goToPage(state, page), true));
  useEffect(() => {
    if (listed && lastPage !== undefined && lastPage > 0 && state.page > lastPage) moveToPage(lastPage);
  }, [listed, lastPage, state.page]);

  const here = pathOf(state);
  // The folders of a sub-subcategory (which has none) are its siblings.
  const gridPath = state.subSubcategoryId !== null ? parentPath(here) : here;
  const gridLevel = levelAt(gridPath) ?? 'sub_subcategory';
  const opened = tree ? folderAt(tree, gridPath) : null;
  const gridFolders = tree ? foldersAt(tree, gridPath) : undefined;
  const folderGone = tree !== undefined && pathDepth(gridPath) > 0 && opened === null;

  const onPath = tree ? foldersOnPath(tree, here) : [];
  const crumbs: Crumb[] = [];
  for (const [index, id] of [here.categoryId, here.subcategoryId, here.subSubcategoryId].entries()) {
    if (id === null) break;
    const folder = onPath[index];
    const last = index === pathDepth(here) - 1;
    crumbs.push({
      key: `${index}:${id}`,
      label: folder ? folder.label : '…',
      onSelect: last || !folder ? undefined : () => navigate(goToLevel(state, folder.path)),
    });
  }

  const upload = (folder: FolderPath, file?: File) => setPanel({ kind: 'upload', folder, file });
  /** New Folder: a category at the top, else a folder inside the one opened (a sub-subcategory's siblings at the deepest level). */
  const newFolder = () => {
    const level = levelAt(gridPath) ?? 'sub_subcategory';
    const parentId =
      level === 'subcategory' ? gridPath.categoryId : level === 'sub_subcategory' ? gridPath.subcategoryId : null;
    setPanel({ kind: 'folder', level, parentId: parentId ?? undefined });
  };

  const open = (folder: FolderNode) => {
    const opening = openFolder(
      state,
      { path: folder.path, subfolders: folder.children.length, formCount: folder.formCount },
      rights.upload,
    );
    if (opening.kind === 'upload') upload(opening.folder);
    else navigate(opening.state);
  };

  const dropOnFolder = (folder: FolderNode, dropped: File[]) => {
    const { pdfs, rejected } = splitPdfFiles(dropped);
    if (rejected > 0) toast.error(t('folders.notPdf'));
    if (pdfs.length === 0) return;
    if (pdfs.length > 1 && rights.bulkUpload) setDialog({ kind: 'bulk', current: folder.path, files: pdfs });
    else upload(folder.path, pdfs[0]);
  };

  /** The user was inside the deleted folder: one level above it. */
  const afterFolderDeleted = (path: FolderPath) => {
    if (isWithin(here, path)) navigate(goToLevel({ ...state, fromFolders: false }, parentPath(path)), true);
  };

  return (
    <div className="mx-auto w-full max-w-screen-2xl space-y-5">
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <>
            {rights.manageFolders && (
              <Link to="/forms/categories" className={buttonClasses({ variant: 'ghost' })}>
                <FolderCog aria-hidden="true" className="h-4 w-4" />
                {t('toolbar.manageCategories')}
              </Link>
            )}
            {rights.manageFolders && (
              <Button variant="secondary" onClick={newFolder}>
                <FolderPlus aria-hidden="true" className="h-4 w-4" />
                {t('toolbar.newFolder')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => setDialog({ kind: 'bulk', current: here })}>
              <Upload aria-hidden="true" className="h-4 w-4" />
              {t('toolbar.bulkUpload')}
            </Button>
            {rights.upload && (
              <Button onClick={() => upload(here)}>
                <Plus aria-hidden="true" className="h-4 w-4" />
                {t('toolbar.newForm')}
              </Button>
            )}
          </>
        }
      />

      <FormsToolbar
        search={state.search}
        view={state.view}
        onSearch={(text) => navigate(searchFor(state, text), true)}
        onView={(view) => navigate(switchView(state, view))}
      />

      <FormsBreadcrumb
        crumbs={crumbs}
        canGoBack={canGoBack(state)}
        onHome={() => navigate(goHome(state))}
        onBack={() => navigate(goBack(state))}
      />

      {listed ? (
        <>
          <FormFilters
            state={state}
            tree={tree}
            onChange={(change) => navigate(changeFilter(state, change), true)}
            onClear={() => navigate(clearFilters(state), true)}
          />
          <div id="forms-list" className="scroll-mt-4">
            <FormList
              answer={forms.data}
              failed={forms.isError}
              dimmed={forms.isPlaceholderData}
              onRetry={() => void forms.refetch()}
              tree={tree}
              rights={rights}
              files={files}
              filtered={hasFilters(state)}
              onPageChange={(page) => {
                navigate(goToPage(state, page), true);
                document.getElementById('forms-list')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
              }}
              onUpload={() => upload(here)}
              onEdit={(form) => setPanel({ kind: 'edit', form })}
              onDelete={(form) => setDialog({ kind: 'deleteForm', form })}
            />
          </div>
        </>
      ) : folderGone ? (
        <EmptyState
          title={t('folders.gone')}
          className="rounded-xl border border-dashed border-slate-300 dark:border-slate-700"
          action={<Button onClick={() => navigate(goHome(state), true)}>{t('breadcrumb.home')}</Button>}
        />
      ) : (
        <FolderGrid
          folders={gridFolders}
          parent={opened}
          level={gridLevel}
          failed={treeQuery.isError}
          onRetry={() => void treeQuery.refetch()}
          rights={rights}
          onOpen={open}
          onEdit={(folder) => setPanel({ kind: 'folder', level: folder.level, folder: folder.folder })}
          onAddChild={(folder) => {
            const level = levelBelow(folder.level);
            if (level) setPanel({ kind: 'folder', level, parentId: folder.id });
          }}
          onDelete={(folder) => setDialog({ kind: 'deleteFolder', folder: folderToDelete(folder), path: folder.path })}
          onDropFiles={dropOnFolder}
          onNewFolder={newFolder}
          onShowForms={() => navigate(switchView(state, 'list'))}
          onUpload={() => upload(gridPath)}
        />
      )}

      <FormsPanel content={panel} onClosed={() => setPanel(null)} />
      {dialog?.kind === 'bulk' && (
        <BulkUploadModal
          allowed={rights.bulkUpload}
          tree={tree}
          current={dialog.current}
          initialFiles={dialog.files}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'deleteForm' && <DeleteFormDialog form={dialog.form} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'deleteFolder' && (
        <DeleteFolderDialog
          folder={dialog.folder}
          question="name"
          onClose={() => setDialog(null)}
          onDeleted={() => afterFolderDeleted(dialog.path)}
        />
      )}
    </div>
  );
}
