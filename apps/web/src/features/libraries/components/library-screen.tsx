import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { FolderPlus, LayoutGrid, List, Plus, Search, Trash2, X } from 'lucide-react';
import type { Library, TLibraryDocument } from '@srpf/shared';
import { LIBRARY_SEARCH_MAX } from '@srpf/shared/libraries/libraries.rules';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/class-names';
import { Field, Input, Select } from '../../../components/ui/field';
import { IconButton } from '../../../components/ui/icon-button';
import { PageHeader } from '../../../components/ui/page-header';
import { useTrashSettings } from '../../../api/lookups/get-trash-settings';
import { useStateResetOn } from '../../../lib/use-state-reset-on';
import { useCategories } from '../api/get-categories';
import { useDocuments } from '../api/get-documents';
import { useSubcategories } from '../api/get-subcategories';
import {
  browseParams,
  filterByCategory,
  filterBySubcategory,
  goBack,
  goHome,
  goToPage,
  openCategory,
  openSubcategory,
  parseBrowseParams,
  searchFor,
  showsDocuments,
  switchView,
  type BrowseState,
  type LibraryView,
} from '../lib/browse';
import { idOrNull } from '../lib/document-form';
import { documentListQuery, unfiledDocumentsQuery } from '../lib/list-query';
import { DocumentFormModal } from './document-form-modal';
import { DocumentList } from './document-list';
import { CategoryGrid, SubcategoryGrid } from './folder-grid';
import { FolderFormModal, type FolderEditing } from './folder-form-modal';
import { LibraryBreadcrumb, type Crumb } from './library-breadcrumb';
import { DeleteDialog, type DeleteTarget } from './library-dialogs';
import { useDocumentRights, useLibraryAbilities, useLibraryTexts } from './use-library';
import { usePdfActions } from './use-pdf-actions';

const SEARCH_DELAY_MS = 300;

type Dialog =
  | { kind: 'folder'; editing: FolderEditing }
  | { kind: 'document'; document: TLibraryDocument | null }
  | { kind: 'delete'; target: DeleteTarget }
  | null;

/**
 * One library screen (orders, circulars or government decisions; section 2): the title and its
 * buttons (with a link to the library's trash for those who manage it), the search, the List/Folders toggle, the breadcrumb with Back, then either the
 * documents (newest effective date first, the default) or the folder cards with the documents filed in no folder under them, and the modals. Where the user is lives in the address (lib/browse.ts).
 */
export function LibraryScreen({ library }: { library: Library }) {
  const { t, lt, title } = useLibraryTexts(library);
  const abilities = useLibraryAbilities(library);
  const rights = useDocumentRights(library);
  // Fetched ahead for the delete confirmations, which say how long the trash keeps what is deleted.
  useTrashSettings(rights.removeDocument || abilities.manageFolders);
  const pdf = usePdfActions(library);
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseBrowseParams(params), [params]);
  // The search box follows the address (Back, a shared link); typing reaches the address after a pause.
  const [typed, setTyped] = useStateResetOn(state.search, state.search);
  const [dialog, setDialog] = useState<Dialog>(null);

  const { pathname } = useLocation();
  const navigate = (next: BrowseState, replace = false) => setParams(browseParams(next), { replace });

  const categories = useCategories(library);
  const subcategories = useSubcategories(library, state.categoryId);
  const listed = showsDocuments(state);
  const query = documentListQuery(state, state.page);
  const documents = useDocuments(library, query, listed);
  // The folders view's top also lists what is filed in no folder: no card leads to it.
  const foldersTop = !listed && state.categoryId === null;
  const [unfiledPage, setUnfiledPage] = useState(1);
  const unfiled = useDocuments(library, unfiledDocumentsQuery(unfiledPage), foldersTop);
  const hasUnfiled = (unfiled.data?.pagination.total ?? 0) > 0;

  const searchTyped = useEffectEvent((text: string) => {
    // A navigation to a detail page keeps this screen mounted while the page loads; a search that
    // fires then must not pull the user back to the list.
    if (window.location.pathname !== pathname) return;
    navigate(searchFor(state, text), true);
  });
  useEffect(() => {
    if (typed.trim() === state.search.trim()) return;
    const timer = setTimeout(() => searchTyped(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, state.search]);

  // A page past the end (after a delete, or a stale link) moves to the last page.
  const lastPage = documents.data?.pagination.totalPages;
  const moveToPage = useEffectEvent((page: number) => navigate(goToPage(state, page), true));
  useEffect(() => {
    if (listed && lastPage !== undefined && state.page > lastPage) moveToPage(lastPage);
  }, [listed, lastPage, state.page]);

  const category = categories.data?.find((item) => item.id === state.categoryId);
  const subcategory = subcategories.data?.find((item) => item.id === state.subcategoryId);

  const crumbs: Crumb[] = [];
  if (state.categoryId !== null) {
    crumbs.push({
      label: category ? category.name : '…',
      onSelect: state.subcategoryId !== null ? () => navigate(goBack(state)) : undefined,
    });
  }
  if (state.subcategoryId !== null) crumbs.push({ label: subcategory ? subcategory.name : '…' });

  /** New Folder: a category at the top, a subcategory of the opened category inside one. */
  const newFolder = () =>
    setDialog({
      kind: 'folder',
      editing:
        state.categoryId === null
          ? { kind: 'category', category: null }
          : { kind: 'subcategory', subcategory: null, categoryId: state.categoryId },
    });
  const newDocument = () => setDialog({ kind: 'document', document: null });

  const afterDelete = (target: DeleteTarget) => {
    if (target.kind === 'category' && target.category.id === state.categoryId) navigate(goHome(state), true);
    if (target.kind === 'subcategory' && target.subcategory.id === state.subcategoryId) navigate(goBack(state), true);
  };

  const viewButton = (view: LibraryView, label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={state.view === view}
      onClick={() => navigate(switchView(state, view))}
      className={cx(
        'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        state.view === view
          ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white'
          : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
      )}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {label}
    </button>
  );

  return (
    <div className="mx-auto w-full max-w-screen-2xl space-y-5">
      <PageHeader
        title={title}
        actions={
          <>
            {rights.manageTrash && (
              <Link to={`/trash?library=${library}`} className={buttonClasses({ variant: 'secondary' })}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {t('toolbar.trash')}
              </Link>
            )}
            {abilities.manageFolders && (
              <Button variant="secondary" onClick={newFolder}>
                <FolderPlus aria-hidden="true" className="h-4 w-4" />
                {t('toolbar.newFolder')}
              </Button>
            )}
            {abilities.create && (
              <Button onClick={newDocument}>
                <Plus aria-hidden="true" className="h-4 w-4" />
                {lt('newDocument')}
              </Button>
            )}
          </>
        }
      />

      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div role="search" className="relative w-full md:max-w-md">
          <label htmlFor={`${library}-search`} className="sr-only">
            {t('toolbar.search')}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
          />
          <Input
            id={`${library}-search`}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') navigate(searchFor(state, typed.trim()), true);
            }}
            placeholder={lt('searchPlaceholder')}
            className="pr-10 pl-9"
            maxLength={LIBRARY_SEARCH_MAX}
          />
          {typed && (
            <IconButton
              label={t('toolbar.clearSearch')}
              onClick={() => {
                setTyped('');
                navigate(searchFor(state, ''), true);
              }}
              className="absolute top-1/2 right-1 h-8 w-8 -translate-y-1/2"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </IconButton>
          )}
        </div>
        <div
          role="group"
          aria-label={t('toolbar.viewLabel')}
          className="inline-flex self-start rounded-lg bg-slate-100 p-1 md:self-auto dark:bg-slate-800"
        >
          {viewButton('list', t('toolbar.listView'), List)}
          {viewButton('folders', t('toolbar.foldersView'), LayoutGrid)}
        </div>
      </div>

      <LibraryBreadcrumb
        crumbs={crumbs}
        onHome={() => navigate(goHome(state))}
        onBack={() => navigate(goBack(state))}
      />

      {state.view === 'list' && (
        <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
          <Field label={t('filters.category')}>
            {({ id }) => (
              <Select
                id={id}
                value={state.categoryId === null ? '' : String(state.categoryId)}
                onChange={(event) => navigate(filterByCategory(state, idOrNull(event.target.value)), true)}
              >
                <option value="">{t('filters.allCategories')}</option>
                {(categories.data ?? []).map((item) => (
                  <option key={item.id} value={String(item.id)}>
                    {item.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {state.categoryId !== null && (
            <Field label={t('filters.subcategory')}>
              {({ id }) => (
                <Select
                  id={id}
                  value={state.subcategoryId === null ? '' : String(state.subcategoryId)}
                  onChange={(event) => navigate(filterBySubcategory(state, idOrNull(event.target.value)), true)}
                >
                  <option value="">{t('filters.allSubcategories')}</option>
                  {(subcategories.data ?? []).map((item) => (
                    <option key={item.id} value={String(item.id)}>
                      {item.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        </div>
      )}

      {listed ? (
        <div id="library-documents" className="scroll-mt-4">
          <DocumentList
            library={library}
            answer={documents.data}
            loading={documents.isPending}
            failed={documents.isError}
            dimmed={documents.isPlaceholderData}
            onRetry={() => void documents.refetch()}
            abilities={abilities}
            rights={rights}
            pdf={pdf}
            page={state.page}
            onPageChange={(page) => {
              navigate(goToPage(state, page), true);
              document.getElementById('library-documents')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
            }}
            onUpload={newDocument}
            onEdit={(document) => setDialog({ kind: 'document', document })}
            onDelete={(document) => setDialog({ kind: 'delete', target: { kind: 'document', document } })}
          />
        </div>
      ) : state.categoryId === null ? (
        <div className="space-y-6">
          <CategoryGrid
            showsEmpty={unfiled.isSuccess && !hasUnfiled}
            categories={categories.data}
            failed={categories.isError}
            onRetry={() => void categories.refetch()}
            abilities={abilities}
            canDelete={rights.removeFolder}
            onOpen={(item) => navigate(openCategory(state, item.id))}
            onEdit={(item) => setDialog({ kind: 'folder', editing: { kind: 'category', category: item } })}
            onAddSubcategory={(item) =>
              setDialog({ kind: 'folder', editing: { kind: 'subcategory', subcategory: null, categoryId: item.id } })
            }
            onDelete={(item) => setDialog({ kind: 'delete', target: { kind: 'category', category: item } })}
            onNewFolder={newFolder}
          />
          {hasUnfiled && (
            <section aria-labelledby="library-unfiled-heading" className="space-y-3">
              <h2 id="library-unfiled-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
                {t('folders.unfiledHeading')}
              </h2>
              <DocumentList
                library={library}
                answer={unfiled.data}
                loading={unfiled.isPending}
                failed={unfiled.isError}
                dimmed={unfiled.isPlaceholderData}
                onRetry={() => void unfiled.refetch()}
                abilities={abilities}
                rights={rights}
                pdf={pdf}
                page={unfiledPage}
                onPageChange={setUnfiledPage}
                onUpload={newDocument}
                onEdit={(document) => setDialog({ kind: 'document', document })}
                onDelete={(document) => setDialog({ kind: 'delete', target: { kind: 'document', document } })}
              />
            </section>
          )}
        </div>
      ) : (
        <SubcategoryGrid
          category={category}
          subcategories={subcategories.data}
          failed={subcategories.isError}
          onRetry={() => void subcategories.refetch()}
          abilities={abilities}
          canDelete={rights.removeFolder}
          onOpen={(item) => navigate(openSubcategory(state, item))}
          onEdit={(item) =>
            setDialog({
              kind: 'folder',
              editing: { kind: 'subcategory', subcategory: item, categoryId: item.category_id },
            })
          }
          onDelete={(item) => setDialog({ kind: 'delete', target: { kind: 'subcategory', subcategory: item } })}
          onNewFolder={newFolder}
          onShowAll={() => navigate(switchView(state, 'list'))}
        />
      )}

      {dialog?.kind === 'folder' && (
        <FolderFormModal
          library={library}
          editing={dialog.editing}
          categories={categories.data ?? []}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'document' && (
        <DocumentFormModal
          key={dialog.document?.id ?? 'new'}
          library={library}
          document={dialog.document}
          folder={{ categoryId: state.categoryId, subcategoryId: state.subcategoryId }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          library={library}
          target={dialog.target}
          onClose={() => setDialog(null)}
          onDeleted={afterDelete}
        />
      )}
    </div>
  );
}
