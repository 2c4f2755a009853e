import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import type { THealthState } from '@srpf/shared/health/system-health.schemas';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<THealthState, BadgeTone> = { healthy: 'success', warning: 'warning', critical: 'danger' };
const ICONS = { healthy: CircleCheck, warning: TriangleAlert, critical: CircleAlert } as const;

/** A state as a word with its colour and icon: the colour is never the only sign. */
export function StatusBadge({ status }: { status: THealthState }) {
  const { t } = useTranslation('health');
  const Icon = ICONS[status];
  return (
    <Badge tone={TONES[status]} className="gap-1">
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`status.${status}`)}
    </Badge>
  );
}
