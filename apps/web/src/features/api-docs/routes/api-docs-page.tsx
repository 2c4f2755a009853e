import { useTranslation } from 'react-i18next';
import { ShieldOff } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageHeader } from '../../../components/ui/page-header';
import { DataTable, TableHead } from '../../../components/ui/table';
import { useCurrentUser } from '../../../lib/current-user';
import { useApiDocument } from '../api/get-api-document';
import { groupOperations, type ApiOperationRow } from '../lib/api-operations';

const METHOD_TONES: Record<string, BadgeTone> = {
  GET: 'primary',
  POST: 'success',
  PUT: 'warning',
  PATCH: 'accent',
  DELETE: 'danger',
};
const COLUMNS = ['name', 'location', 'type', 'required'] as const;
const LOCATIONS = ['path', 'query', 'header', 'cookie', 'body'];

/** /admin/api: the server's API document as a readable list, for administrators (manage_users). */
export function Component() {
  const { t } = useTranslation('api-docs');
  const { can } = useCurrentUser();
  return (
    <div className="mx-auto max-w-screen-xl space-y-6">
      <PageHeader eyebrow={t('page.eyebrow')} title={t('page.title')} description={t('page.description')} />
      {can('manage_users') ? (
        <ApiOperations />
      ) : (
        <Card>
          <EmptyState icon={ShieldOff} title={t('page.noPermission')} description={t('page.noPermissionBody')} />
        </Card>
      )}
    </div>
  );
}

function ApiOperations() {
  const { t } = useTranslation('api-docs');
  const document = useApiDocument();
  if (document.isPending) {
    return (
      <p role="status" className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">
        {t('loading', { ns: 'common' })}
      </p>
    );
  }
  if (document.isError)
    return <LoadFailed className="py-8" message={t('page.loadFailed')} onRetry={() => void document.refetch()} />;
  const groups = groupOperations(document.data);
  const count = groups.reduce((sum, group) => sum + group.operations.length, 0);
  return (
    <>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('page.summary', { title: document.data.info.title, version: document.data.info.version, count })}
      </p>
      {groups.map((group) => (
        <section key={group.tag ?? ''} aria-label={group.tag ?? t('page.untagged')} className="space-y-3">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{group.tag ?? t('page.untagged')}</h2>
          <ul className="space-y-3">
            {group.operations.map((operation) => (
              <li key={`${operation.method} ${operation.path}`}>
                <OperationCard operation={operation} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function OperationCard({ operation }: { operation: ApiOperationRow }) {
  const { t } = useTranslation('api-docs');
  const name = `${operation.method} ${operation.path}`;
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={METHOD_TONES[operation.method] ?? 'neutral'} className="font-mono">
          {operation.method}
        </Badge>
        <code className="font-mono text-sm break-all text-slate-900 dark:text-slate-100">{operation.path}</code>
        <Badge tone={operation.signedIn ? 'secondary' : 'info'}>
          {operation.signedIn ? t('operation.signedIn') : t('operation.public')}
        </Badge>
      </div>
      {operation.summary && <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{operation.summary}</p>}
      {operation.bodyTypes.length > 0 && (
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t('operation.body', { types: operation.bodyTypes.join(', ') })}
        </p>
      )}
      {operation.parameters.length > 0 && (
        <DataTable caption={t('operation.parameters', { operation: name })} className="mt-3" scrollsByDesign>
          <TableHead columns={COLUMNS} label={(column) => t(`columns.${column}`)} />
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {operation.parameters.map((parameter) => (
              <tr key={`${parameter.location} ${parameter.name}`}>
                <td className="px-3 py-2 font-mono text-xs">{parameter.name}</td>
                <td className="px-3 py-2 text-xs">
                  {LOCATIONS.includes(parameter.location) ? t(`locations.${parameter.location}`) : parameter.location}
                </td>
                <td className="px-3 py-2 font-mono text-xs break-all">{parameter.type}</td>
                <td className="px-3 py-2 text-xs">
                  {parameter.required ? t('operation.required') : t('operation.optional')}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </Card>
  );
}
