import { useTranslation } from 'react-i18next';
import { Eye, Pencil, Trash2, UserX } from 'lucide-react';
import type { TUser } from '@srpf/shared';
import { cx } from '../../../components/ui/class-names';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconButton } from '../../../components/ui/icon-button';
import { DataTable, FullRow, SkeletonRows, TableHead, TBody, Td, Tr } from '../../../components/ui/table';
import { RoleBadge } from './role-badge';
import { UserStatusBadge } from './user-status-badge';

const COLUMNS = [
  'name',
  'email',
  'phone',
  'badgeNo',
  'dgpId',
  'company',
  'designation',
  'role',
  'status',
  'actions',
] as const;

export interface UsersTableProps {
  users: TUser[] | undefined;
  loading: boolean;
  pageSize: number;
  /** May the signed-in person change or delete this person (`mayManageUser`)? */
  canManage: (user: TUser) => boolean;
  /** The signed-in user's id: their own row has no delete button (the server refuses it anyway). */
  selfId: number | undefined;
  onView: (user: TUser) => void;
  onEdit: (user: TUser) => void;
  onDelete: (user: TUser) => void;
}

/** The ten columns of the users screen (document 2, section 2.6), with skeleton rows while loading. */
export function UsersTable({ users, loading, pageSize, canManage, selfId, onView, onEdit, onDelete }: UsersTableProps) {
  const { t } = useTranslation('users');
  const dash = <span className="text-slate-400 dark:text-slate-500">—</span>;

  return (
    <DataTable caption={t('table.caption')}>
      <TableHead columns={COLUMNS} label={(column) => t(`table.${column}`)} />
      <TBody>
        {loading ? (
          <SkeletonRows rows={Math.min(pageSize, 10)} columns={COLUMNS.length} />
        ) : !users || users.length === 0 ? (
          <FullRow columns={COLUMNS.length}>
            <EmptyState icon={UserX} title={t('table.empty')} />
          </FullRow>
        ) : (
          users.map((user) => {
            const deleted = user.deleted_at !== null;
            return (
              <Tr key={user.id} className={cx(deleted && 'opacity-60')}>
                <Td className="font-medium whitespace-nowrap text-slate-900 dark:text-white">{user.full_name}</Td>
                <Td className="whitespace-nowrap">{user.email}</Td>
                <Td className="whitespace-nowrap tabular-nums">{user.phone_number || dash}</Td>
                <Td className="tabular-nums">{user.badge_no ?? dash}</Td>
                <Td className="font-mono text-xs">{user.dgp_id || dash}</Td>
                <Td className="whitespace-nowrap">{user.company_name || dash}</Td>
                <Td className="whitespace-nowrap">{user.designation_name || user.designation || dash}</Td>
                <Td>
                  <RoleBadge role={user.role} />
                </Td>
                <Td>
                  <UserStatusBadge user={user} />
                </Td>
                <Td className="text-right whitespace-nowrap">
                  <IconButton label={t('actions.view', { name: user.full_name })} onClick={() => onView(user)}>
                    <Eye aria-hidden="true" className="h-4 w-4" />
                  </IconButton>
                  {canManage(user) && !deleted && (
                    <IconButton label={t('actions.edit', { name: user.full_name })} onClick={() => onEdit(user)}>
                      <Pencil aria-hidden="true" className="h-4 w-4" />
                    </IconButton>
                  )}
                  {canManage(user) && !deleted && user.id !== selfId && (
                    <IconButton
                      label={t('actions.delete', { name: user.full_name })}
                      onClick={() => onDelete(user)}
                      className="text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-950/50"
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                    </IconButton>
                  )}
                </Td>
              </Tr>
            );
          })
        )}
      </TBody>
    </DataTable>
  );
}
