import { useTranslation } from 'react-i18next';
import type { DocumentPriority, DocumentStatus } from '@srpf/shared';
import { Badge } from '../../../components/ui/badge';
import { FolderIcon } from '../../../components/ui/folder-icon';
import { priorityTone, statusTone } from '../lib/badges';

export function StatusBadge({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation('libraries');
  return (
    <Badge tone={statusTone(status)}>
      <span className="sr-only">{t('row.status')}: </span>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: DocumentPriority }) {
  const { t } = useTranslation('libraries');
  return (
    <Badge tone={priorityTone(priority)}>{t('row.priorityValue', { priority: t(`priorities.${priority}`) })}</Badge>
  );
}

export function MandatoryBadge({ mandatory }: { mandatory: boolean }) {
  const { t } = useTranslation('libraries');
  return <Badge tone={mandatory ? 'accent' : 'secondary'}>{mandatory ? t('row.mandatory') : t('row.optional')}</Badge>;
}

/** A folder's icon and name, tinted with its colour. */
export function FolderBadge({
  icon,
  name,
  tone,
}: {
  icon: string | null;
  name: string;
  tone: 'primary' | 'secondary';
}) {
  return (
    <Badge tone={tone} className="max-w-full">
      <FolderIcon icon={icon} className="mr-1 h-3.5 w-3.5" />
      <span className="truncate">{name}</span>
    </Badge>
  );
}
