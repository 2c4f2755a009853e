import type { THealthReason } from '@srpf/shared/health/system-health.schemas';
import { reasonDetail } from '../lib/reason-params';
import { useHealthWords } from './use-health-words';

/** Why a check is not healthy, in the reader's words; under it the system's own detail (an error), as it came. */
export function ReasonText({ reason }: { reason: THealthReason }) {
  const { reasonText } = useHealthWords();
  const detail = reasonDetail(reason);
  return (
    <div className="mt-2 text-sm text-slate-700 dark:text-slate-300">
      <p>{reasonText(reason)}</p>
      {detail && <p className="mt-1 font-mono text-xs break-words text-slate-600 dark:text-slate-400">{detail}</p>}
    </div>
  );
}
