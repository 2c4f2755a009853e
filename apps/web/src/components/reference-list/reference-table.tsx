import { useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { DateText } from '../ui/date-text';
import { EmptyState } from '../ui/empty-state';
import { CardSkeletons, RecordCard, RecordCards } from '../ui/record-cards';
import { DataTable, FullRow, SkeletonRows, TableHead, TBody, Td, Tr } from '../ui/table';
import { useWideScreen } from '../ui/use-wide-screen';
import { APPROVAL_ROLE_TONES } from './reference-form';
import type { ReferenceKind, ReferenceRow } from './reference-kind';

const COLUMNS = ['name', 'code', 'active', 'created', 'actions'] as const;
/** Designations also show their approval role, after the code. */
const APPROVAL_ROLE_COLUMNS = ['name', 'code', 'approvalRole', 'active', 'created', 'actions'] as const;

/** A name-code-active list's rows: a table from 768 px, cards below; skeleton rows while the first page loads. */
export function ReferenceTable({
  kind,
  rows,
  canManage,
  skeletonRows,
  onEdit,
}: {
  kind: ReferenceKind;
  rows: ReferenceRow[] | undefined;
  canManage: boolean;
  skeletonRows: number;
  onEdit: (row: ReferenceRow) => void;
}) {
  const { t } = useTranslation(kind.namespace);
  const wide = useWideScreen();
  const columns = kind.approvalRole ? APPROVAL_ROLE_COLUMNS : COLUMNS;
  const empty = <EmptyState icon={kind.emptyIcon} title={t('table.empty')} />;

  if (!wide) {
    if (rows === undefined) return <CardSkeletons rows={skeletonRows} />;
    if (rows.length === 0) return empty;
    return (
      <RecordCards label={t('table.caption')}>
        {rows.map((row) => (
          <RecordCard
            key={row.id}
            title={row.name}
            subtitle={<span className="font-mono text-xs">{row.code}</span>}
            badges={kind.approvalRole && <ApprovalRoleBadge kind={kind} row={row} />}
            fields={[
              [t('table.active'), <ActiveBadge key="active" kind={kind} row={row} />],
              [t('table.created'), <DateText key="created" iso={row.created_at} />],
            ]}
            actions={canManage && <EditButton kind={kind} row={row} onEdit={onEdit} />}
          />
        ))}
      </RecordCards>
    );
  }

  return (
    <DataTable caption={t('table.caption')}>
      <TableHead columns={columns} label={(column) => t(`table.${column}`)} />
      <TBody>
        {rows === undefined ? (
          <SkeletonRows rows={skeletonRows} columns={columns.length} />
        ) : rows.length === 0 ? (
          <FullRow columns={columns.length}>{empty}</FullRow>
        ) : (
          rows.map((row) => (
            <Tr key={row.id}>
              <Td className="font-medium break-words text-slate-900 dark:text-white">{row.name}</Td>
              <Td className="font-mono text-xs">{row.code}</Td>
              {kind.approvalRole && (
                <Td>
                  <ApprovalRoleBadge kind={kind} row={row} />
                </Td>
              )}
              <Td>
                <ActiveBadge kind={kind} row={row} />
              </Td>
              <Td className="whitespace-nowrap">
                <DateText iso={row.created_at} />
              </Td>
              <Td className="text-right">{canManage && <EditButton kind={kind} row={row} onEdit={onEdit} />}</Td>
            </Tr>
          ))
        )}
      </TBody>
    </DataTable>
  );
}

function ApprovalRoleBadge({ kind, row }: { kind: ReferenceKind; row: ReferenceRow }) {
  const { t } = useTranslation(kind.namespace);
  const role = row.approval_role ?? 'none';
  return <Badge tone={APPROVAL_ROLE_TONES[role]}>{t(`approvalRoles.${role}`)}</Badge>;
}

function ActiveBadge({ kind, row }: { kind: ReferenceKind; row: ReferenceRow }) {
  const { t } = useTranslation(kind.namespace);
  return <Badge tone={row.active ? 'success' : 'neutral'}>{t(row.active ? 'table.yes' : 'table.no')}</Badge>;
}

function EditButton({
  kind,
  row,
  onEdit,
}: {
  kind: ReferenceKind;
  row: ReferenceRow;
  onEdit: (row: ReferenceRow) => void;
}) {
  const { t } = useTranslation(kind.namespace);
  return (
    <Button variant="ghost" size="sm" onClick={() => onEdit(row)}>
      <Pencil aria-hidden="true" className="h-4 w-4" />
      {t('table.edit')}
      <span className="sr-only"> {row.name}</span>
    </Button>
  );
}
