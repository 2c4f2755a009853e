import { useId, useState } from 'react';
import { useTexts } from '../../../lib/texts';
import Headset from 'lucide-react/icons/headset';
import KeyRound from 'lucide-react/icons/key-round';

type Topic = 'forgotPassword' | 'contactIt';

const TOPICS: { topic: Topic; Icon: typeof KeyRound }[] = [
  { topic: 'forgotPassword', Icon: KeyRound },
  { topic: 'contactIt', Icon: Headset },
];

/**
 * 'Forgot password?' and 'Contact IT Service Desk'. There is no self-service reset (accounts are
 * managed by each unit), so each opens a short note saying whom to ask. One note is open at a time.
 */
export function SignInHelp() {
  const { t } = useTexts('login');
  const [open, setOpen] = useState<Topic | null>(null);
  const panelId = useId();

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        {TOPICS.map(({ topic }) => (
          <button
            key={topic}
            type="button"
            aria-expanded={open === topic}
            aria-controls={open === topic ? panelId : undefined}
            onClick={() => setOpen((current) => (current === topic ? null : topic))}
            className="rounded text-sm font-medium text-brand-600 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:text-brand-100"
          >
            {t(`help.${topic}.label`)}
          </button>
        ))}
      </div>
      {TOPICS.filter(({ topic }) => topic === open).map(({ topic, Icon }) => (
        <div
          key={topic}
          id={panelId}
          className="mt-3 flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm leading-relaxed text-slate-700 dark:border-slate-700 dark:bg-slate-800/70 dark:text-slate-200"
        >
          <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-100" />
          <p>{t(`help.${topic}.body`)}</p>
        </div>
      ))}
    </div>
  );
}
