/** The login card's text inputs; a leading icon sits in the left padding. */
export function inputClasses(invalid: boolean): string {
  return [
    'block w-full rounded-lg border bg-white py-2.5 pl-10 text-sm text-slate-900 shadow-sm outline-none transition',
    'placeholder:text-slate-400 focus:ring-2 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500',
    invalid
      ? 'border-red-500 focus:border-red-500 focus:ring-red-500/25 dark:border-red-400'
      : 'border-slate-300 focus:border-brand-500 focus:ring-brand-500/25 dark:border-slate-700 dark:focus:border-brand-500',
  ].join(' ');
}
