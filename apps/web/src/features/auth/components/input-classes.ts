/** The look of the login inputs, red when the field has an error. */
export function inputClasses(invalid: boolean): string {
  return [
    'block h-11 w-full rounded-md border bg-white px-3 text-slate-900 shadow-sm outline-none transition',
    'focus:ring-2 dark:bg-slate-900 dark:text-slate-100',
    invalid
      ? 'border-red-500 focus:border-red-500 focus:ring-red-200 dark:focus:ring-red-900'
      : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100 dark:border-slate-700 dark:focus:ring-brand-900',
  ].join(' ');
}
