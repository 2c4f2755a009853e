import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUp, ShieldOff, UserPlus } from 'lucide-react';
import type { TUser } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/class-names';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageHeader } from '../../../components/ui/page-header';
import { ListPagination } from '../../../components/ui/pagination';
import { useCurrentUser } from '../../../lib/current-user';
import { useUsers } from '../api/get-users';
import { mayManage } from '../lib/manage';
import { DeleteUserDialog } from '../components/delete-user-dialog';
import { ImportResultsModal } from '../components/import-results-modal';
import { ImportUsersModal, type ImportResult } from '../components/import-users-modal';
import { UserFiltersBar } from '../components/user-filters-bar';
import { UserFormModal } from '../components/user-form-modal';
import { UserStats } from '../components/user-stats';
import { UsersTable } from '../components/users-table';
import {
  DEFAULT_USER_PAGE_SIZE,
  EMPTY_USER_FILTERS,
  filtersToQuery,
  USER_PAGE_SIZES,
  type UserFilters,
} from '../lib/user-filters';

type Dialog =
  | { kind: 'form'; mode: 'create' | 'edit' | 'view'; user?: TUser }
  | { kind: 'delete'; user: TUser }
  | { kind: 'import' }
  | { kind: 'results'; result: ImportResult };

/** /users: counts, search and filters, the users table with paging, and the user and import modals. */
export function Component() {
  const { t } = useTranslation('users');
  const me = useCurrentUser();
  const canManageUsers = me.can('manage_users');
  const [filters, setFilters] = useState<UserFilters>(EMPTY_USER_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_USER_PAGE_SIZE);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const users = useUsers(filtersToQuery(filters, page, pageSize), canManageUsers);
  const close = useCallback(() => setDialog(null), []);

  const changeFilters = useCallback((next: UserFilters) => {
    setFilters(next);
    setPage(1);
  }, []);

  // A delete or a narrower filter can leave the page past the last one.
  const lastPage = users.data?.pagination.totalPages;
  if (lastPage !== undefined && page > lastPage) setPage(lastPage);

  if (!canManageUsers) {
    return (
      <div className="mx-auto max-w-screen-2xl space-y-6">
        <PageHeader title={t('page.title')} description={t('page.description')} />
        <Card>
          <EmptyState icon={ShieldOff} title={t('page.noPermission')} description={t('page.noPermissionBody')} />
        </Card>
      </div>
    );
  }

  const pagination = users.data?.pagination;
  const failed = users.isError && users.data === undefined;

  return (
    <div className="mx-auto max-w-screen-2xl space-y-6">
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
              <FileUp aria-hidden="true" className="h-4 w-4" />
              {t('page.importCsv')}
            </Button>
            <Button onClick={() => setDialog({ kind: 'form', mode: 'create' })}>
              <UserPlus aria-hidden="true" className="h-4 w-4" />
              {t('page.addUser')}
            </Button>
          </>
        }
      />

      <UserStats />

      <Card>
        <UserFiltersBar filters={filters} onChange={changeFilters} />
        {failed ? (
          <LoadFailed
            message={t('errors.loadFailed')}
            onRetry={() => void users.refetch()}
            className="border-t border-slate-200 px-4 py-10 dark:border-slate-800"
          />
        ) : (
          <div
            aria-busy={users.isFetching}
            className={cx(
              'border-t border-slate-200 transition-opacity dark:border-slate-800',
              users.isPlaceholderData && 'opacity-60',
            )}
          >
            <UsersTable
              users={users.data?.data}
              loading={users.data === undefined}
              pageSize={pageSize}
              canManage={(user) => mayManage(me.actor, user)}
              selfId={me.id}
              onView={(user) => setDialog({ kind: 'form', mode: 'view', user })}
              onEdit={(user) => setDialog({ kind: 'form', mode: 'edit', user })}
              onDelete={(user) => setDialog({ kind: 'delete', user })}
            />
            <ListPagination
              ns="users"
              page={page}
              pageSize={pageSize}
              total={pagination?.total ?? 0}
              totalPages={pagination?.totalPages ?? 1}
              onPageChange={setPage}
              pageSizes={{ options: USER_PAGE_SIZES, onChange: setPageSize }}
              disabled={users.data === undefined}
            />
          </div>
        )}
      </Card>

      {dialog?.kind === 'form' && (
        <UserFormModal
          key={`${dialog.mode}-${dialog.user?.id ?? 'new'}`}
          mode={dialog.mode}
          user={dialog.user}
          onClose={close}
          onEdit={dialog.user ? () => setDialog({ kind: 'form', mode: 'edit', user: dialog.user }) : undefined}
        />
      )}
      <DeleteUserDialog user={dialog?.kind === 'delete' ? dialog.user : null} onClose={close} />
      {dialog?.kind === 'import' && (
        <ImportUsersModal onClose={close} onImported={(result) => setDialog({ kind: 'results', result })} />
      )}
      {dialog?.kind === 'results' && <ImportResultsModal result={dialog.result} onClose={close} />}
    </div>
  );
}
