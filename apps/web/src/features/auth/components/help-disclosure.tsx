import { useId, useState } from 'react';

/** A link-styled button that reveals a short explanation below it. */
export function HelpDisclosure({ label, children }: { label: string; children: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
        className="text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-100"
      >
        {label}
      </button>
      {open && (
        <p id={panelId} className="mt-2 rounded-md bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {children}
        </p>
      )}
    </div>
  );
}
