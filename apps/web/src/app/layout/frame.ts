import { cx } from '../../components/ui/class-names';

/**
 * The signed-in layout's frame, shared by the layout (app-layout.tsx, header.tsx) and the shell
 * pre-rendered at build time (../signed-in-shell.tsx), so the shell the browser paints first stands
 * exactly where the layout then renders.
 */
export const FRAME = {
  root: 'flex min-h-full',
  aside: (collapsed: boolean) =>
    cx(
      'sticky top-0 hidden h-dvh shrink-0 border-r border-slate-200 transition-[width] duration-200 lg:block dark:border-slate-800',
      collapsed ? 'w-16' : 'w-64',
    ),
  column: 'flex min-w-0 flex-1 flex-col',
  header:
    'sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-4 dark:border-slate-800 dark:bg-slate-900/95',
  menuButton: 'lg:hidden',
  acronym: 'text-lg font-bold tracking-wide text-brand-700 dark:text-brand-100',
  main: 'flex-1 p-4 outline-none sm:p-6',
} as const;
