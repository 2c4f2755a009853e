import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { appointmentStatusTone } from '../lib/status';

export function AppointmentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('appointments');
  return (
    <Badge tone={appointmentStatusTone(status)}>
      {t(`status.${status}`, { defaultValue: status.replace(/_/g, ' ') })}
    </Badge>
  );
}
