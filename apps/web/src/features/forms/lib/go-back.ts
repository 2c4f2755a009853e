import type { NavigateFunction } from 'react-router';

/** Back: one step back in the app's history when there is one, else to the forms library. */
export function goBack(navigate: NavigateFunction, fallback = '/forms'): void {
  const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (index > 0) void navigate(-1);
  else void navigate(fallback);
}
