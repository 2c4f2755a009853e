import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, Pencil, Trash2, UserX } from 'lucide-react';
import type { TUser } from '@srpf/shared';
import { cx } from '../../../components/ui/class-names';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconButton } from '../../../components/ui/icon-button';
import { CardSkeletons, RecordCard, RecordCards } from '../../../components/ui/record-cards';
import { DataTable, FullRow, SkeletonRows, TableHead, TBody, Td, Tr } from '../../../components/ui/table';
import { useWideScreen } from '../../../components/ui/use-wide-screen';
import { RoleBadge } from './role-badge';
import { UserStatusBadge } from './user-status-badge';

/**
 * The spec's ten fields in six columns, so Role, Status and Actions fit beside a 1366 px screen's
 * navigation: the email under the name, badge and Sevarth ID under the phone, the designation under
 * the company.
 */
const COLUMNS = ['name', 'contact', 'unit', 'role', 'status', 'actions'] as const;

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

/** The users screen's list (document 2, section 2.6): a table from 768 px, cards below, skeleton rows while loading. */
export function UsersTable(props: UsersTableProps) {
  const { t } = useTranslation('users');
  const wide = useWideScreen();
  const { users, loading, pageSize } = props;
  const empty = <EmptyState icon={UserX} title={t('table.empty')} />;

  if (!wide) {
    if (loading) return <CardSkeletons rows={Math.min(pageSize, 10)} />;
    if (!users || users.length === 0) return empty;
    return (
      <RecordCards label={t('table.caption')}>
        {users.map((user) => (
          <UserCard key={user.id} user={user} {...props} />
        ))}
      </RecordCards>
    );
  }

  return (
    <DataTable caption={t('table.caption')}>
      <TableHead columns={COLUMNS} label={(column) => t(`table.${column}`)} />
      <TBody>
        {loading ? (
          <SkeletonRows rows={Math.min(pageSize, 10)} columns={COLUMNS.length} />
        ) : !users || users.length === 0 ? (
          <FullRow columns={COLUMNS.length}>{empty}</FullRow>
        ) : (
          users.map((user) => <UserRow key={user.id} user={user} {...props} />)
        )}
      </TBody>
    </DataTable>
  );
}

type RowProps = UsersTableProps & { user: TUser };

const dash = <span className="text-slate-500 dark:text-slate-400">—</span>;
const secondary = 'block text-xs text-slate-600 dark:text-slate-400';

function UserRow({ user, ...props }: RowProps) {
  const { t } = useTranslation('users');
  const ids = idsOf(user);
  return (
    <Tr className={cx(user.deleted_at !== null && 'opacity-60')}>
      <Td className="max-w-64">
        <span className="block font-medium break-words text-slate-900 dark:text-white">{user.full_name}</span>
        <span className={cx(secondary, 'break-all')}>{user.email}</span>
      </Td>
      <Td>
        <span className="block whitespace-nowrap tabular-nums">{user.phone_number || dash}</span>
        {ids.length > 0 && (
          <span className={secondary}>
            {ids.map(([label, value], index) => (
              <span key={label} className="whitespace-nowrap">
                {index > 0 && ' · '}
                {t(label)} <span className="font-mono">{value}</span>
              </span>
            ))}
          </span>
        )}
      </Td>
      <Td className="max-w-56">
        <span className="block break-words">{user.company_name || dash}</span>
        {designationOf(user) && <span className={secondary}>{designationOf(user)}</span>}
      </Td>
      <Td>
        <RoleBadge role={user.role} />
      </Td>
      <Td>
        <UserStatusBadge user={user} />
      </Td>
      <Td className="text-right whitespace-nowrap">
        <UserActions user={user} {...props} />
      </Td>
    </Tr>
  );
}

function UserCard({ user, ...props }: RowProps) {
  const { t } = useTranslation('users');
  const fields: [string, ReactNode][] = [
    [t('table.phone'), user.phone_number || dash],
    ...idsOf(user).map(([label, value]): [string, ReactNode] => [t(label), value]),
    [t('table.company'), user.company_name || dash],
  ];
  const designation = designationOf(user);
  if (designation) fields.push([t('table.designation'), designation]);
  return (
    <RecordCard
      className={cx(user.deleted_at !== null && 'opacity-60')}
      title={user.full_name}
      subtitle={user.email}
      badges={
        <>
          <RoleBadge role={user.role} />
          <UserStatusBadge user={user} />
        </>
      }
      fields={fields}
      actions={<UserActions user={user} {...props} />}
    />
  );
}

/** View always; Edit and Delete when the person may manage this one (never Delete on one's own row). */
function UserActions({ user, canManage, selfId, onView, onEdit, onDelete }: RowProps): ReactNode {
  const { t } = useTranslation('users');
  const manageable = canManage(user) && user.deleted_at === null;
  return (
    <>
      <IconButton label={t('actions.view', { name: user.full_name })} onClick={() => onView(user)}>
        <Eye aria-hidden="true" className="h-4 w-4" />
      </IconButton>
      {manageable && (
        <IconButton label={t('actions.edit', { name: user.full_name })} onClick={() => onEdit(user)}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
        </IconButton>
      )}
      {manageable && user.id !== selfId && (
        <IconButton
          label={t('actions.delete', { name: user.full_name })}
          onClick={() => onDelete(user)}
          className="text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-950/50"
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </IconButton>
      )}
    </>
  );
}

/** The badge number and the Sevarth ID the person has, as [label key, value]. */
function idsOf(user: TUser): [string, string][] {
  const ids: [string, string][] = [];
  if (user.badge_no !== null && user.badge_no !== undefined) ids.push(['table.badgeNo', String(user.badge_no)]);
  if (user.dgp_id) ids.push(['table.dgpId', user.dgp_id]);
  return ids;
}

function designationOf(user: TUser): string | null {
  return user.designation_name || user.designation || null;
}
