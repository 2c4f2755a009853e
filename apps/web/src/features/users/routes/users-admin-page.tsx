import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil, Search, ShieldOff, Trash2, UserCheck, UserPlus, Users, UserX } from 'lucide-react';
import type { TUser } from '@srpf/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/class-names';
import { formatDayFirst } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/field';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageHeader } from '../../../components/ui/page-header';
import { ListPagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatCard } from '../../../components/ui/stat-card';
import { useCurrentUser } from '../../../lib/current-user';
import { useUserCount } from '../api/get-user-counts';
import { useRoleNames } from '../api/get-roles';
import { useUsers } from '../api/get-users';
import { DeleteUserDialog } from '../components/delete-user-dialog';
import { RoleBadge, useRoleLabel } from '../components/role-badge';
import { UserFormModal } from '../components/user-form-modal';
import { mayManage } from '../lib/manage';
import { FALLBACK_ROLES_SIMPLE } from '../lib/roles';
import { EMPTY_USER_FILTERS, filtersToQuery } from '../lib/user-filters';

const PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;
const SKELETON_ROWS = 5;

type Dialog = { kind: 'form'; mode: 'create' | 'edit'; user?: TUser } | { kind: 'delete'; user: TUser };

/**
 * /admin/users and /users-demo: the simpler user-management variant (document 2, section 2.6, last
 * bullet) with its own texts, now with working Add, Edit and Delete. Polls every 30 s.
 */
export function Component() {
  const { t } = useTranslation('users');
  const roleLabel = useRoleLabel();
  const me = useCurrentUser();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const enabled = me.can('manage_users');

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const users = useUsers(filtersToQuery({ ...EMPTY_USER_FILTERS, search }, page, PAGE_SIZE), enabled);
  const [firstRole = 'superadmin', secondRole = 'admin'] = useRoleNames(FALLBACK_ROLES_SIMPLE);
  const total = useUserCount({}, enabled);
  const first = useUserCount({ role: firstRole }, enabled);
  const second = useUserCount({ role: secondRole }, enabled);
  const active = useUserCount({ is_active: true }, enabled);

  const header = (
    <PageHeader
      eyebrow={t('simple.eyebrow')}
      title={t('simple.title')}
      actions={
        enabled && (
          <Button onClick={() => setDialog({ kind: 'form', mode: 'create' })}>
            <UserPlus aria-hidden="true" className="h-4 w-4" />
            {t('page.addUser')}
          </Button>
        )
      }
    />
  );

  if (!enabled) {
    return (
      <div className="mx-auto max-w-screen-xl space-y-6">
        {header}
        <Card>
          <EmptyState icon={ShieldOff} title={t('page.noPermission')} description={t('page.noPermissionBody')} />
        </Card>
      </div>
    );
  }

  const rows = users.data?.data;
  const pagination = users.data?.pagination;

  return (
    <div className="mx-auto max-w-screen-xl space-y-6">
      {header}

      <section aria-label={t('stats.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label={t('stats.total')}
          value={total.data}
          failed={total.isError}
          icon={Users}
          tint="bg-blue-100 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300"
        />
        <StatCard
          label={roleLabel(firstRole)}
          value={first.data}
          failed={first.isError}
          icon={UserCheck}
          tint="bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300"
        />
        <StatCard
          label={roleLabel(secondRole)}
          value={second.data}
          failed={second.isError}
          icon={UserCheck}
          tint="bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300"
        />
        <StatCard
          label={t('stats.active')}
          value={active.data}
          failed={active.isError}
          icon={UserCheck}
          tint="bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300"
        />
      </section>

      <Card>
        <div className="p-4">
          <div className="relative max-w-md">
            <label htmlFor="simple-users-search" className="sr-only">
              {t('simple.searchLabel')}
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
            />
            <Input
              id="simple-users-search"
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder={t('simple.searchPlaceholder')}
              className="pl-9"
            />
          </div>
        </div>

        {users.isError && rows === undefined ? (
          <LoadFailed
            message={t('errors.loadFailed')}
            onRetry={() => void users.refetch()}
            className="border-t border-slate-200 px-4 py-10 dark:border-slate-800"
          />
        ) : (
          <ul
            aria-label={t('simple.listLabel')}
            aria-busy={users.isFetching}
            className={cx(
              'divide-y divide-slate-100 border-t border-slate-200 dark:divide-slate-800 dark:border-slate-800',
              users.isPlaceholderData && 'opacity-60',
            )}
          >
            {rows === undefined ? (
              Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <li key={index} aria-hidden="true" data-skeleton-row="" className="flex items-center gap-4 px-4 py-4">
                  <Skeleton className="size-10 rounded-full" />
                  <div className="flex-1 space-y-2">
                    <Skeleton className="h-4 w-40" />
                    <Skeleton className="h-3 w-64" />
                  </div>
                  <Skeleton className="h-6 w-20" />
                </li>
              ))
            ) : rows.length === 0 ? (
              <li>
                <EmptyState icon={UserX} title={t('simple.empty')} />
              </li>
            ) : (
              rows.map((user) => (
                <li key={user.id} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center">
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100"
                  >
                    {user.name.charAt(0).toUpperCase()}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-slate-900 dark:text-white">{user.name}</p>
                    <p className="truncate text-sm text-slate-600 dark:text-slate-400">{user.email}</p>
                    <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                      {t('simple.joined', { date: formatDayFirst(user.createdAt) })} ·{' '}
                      {user.company?.name ?? t('simple.noCompany')}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <RoleBadge role={user.role} variant="simple" />
                    {user.active ? (
                      <Badge tone="success">{t('status.active')}</Badge>
                    ) : (
                      <Badge tone="neutral">{t('status.inactive')}</Badge>
                    )}
                    {mayManage(me.actor, user) && (
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setDialog({ kind: 'form', mode: 'edit', user })}
                      >
                        <Pencil aria-hidden="true" className="h-4 w-4" />
                        {t('simple.edit')}
                        <span className="sr-only"> {user.name}</span>
                      </Button>
                    )}
                    {user.id !== me.id && mayManage(me.actor, user) && (
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setDialog({ kind: 'delete', user })}
                        className="text-red-700 dark:text-red-400"
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                        {t('simple.delete')}
                        <span className="sr-only"> {user.name}</span>
                      </Button>
                    )}
                  </div>
                </li>
              ))
            )}
          </ul>
        )}
        {pagination && pagination.totalPages > 1 && (
          <ListPagination
            ns="users"
            page={page}
            pageSize={PAGE_SIZE}
            total={pagination.total}
            totalPages={pagination.totalPages}
            onPageChange={setPage}
          />
        )}
      </Card>

      {dialog?.kind === 'form' && (
        <UserFormModal
          key={`${dialog.mode}-${dialog.user?.id ?? 'new'}`}
          mode={dialog.mode}
          user={dialog.user}
          onClose={close}
        />
      )}
      <DeleteUserDialog user={dialog?.kind === 'delete' ? dialog.user : null} onClose={close} />
    </div>
  );
}
