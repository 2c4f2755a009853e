import { formatMoment, formatRelative } from '../lib/health-format';
import { useHealthNow } from './health-now';

/** A moment as 'x minutes ago', with the full date and time as its title and machine-readable value. */
export function MomentText({ iso, locale }: { iso: string; locale: string }) {
  const now = useHealthNow();
  return (
    <time dateTime={iso} title={formatMoment(iso, locale)}>
      {formatRelative(iso, now, locale)}
    </time>
  );
}
