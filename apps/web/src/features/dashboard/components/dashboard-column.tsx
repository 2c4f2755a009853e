import type { ReactNode } from 'react';

/** The dashboard's column; the signed-in shell (app/signed-in-shell.tsx) places its banner in the same one. */
export function DashboardColumn({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-screen-2xl space-y-6">{children}</div>;
}
