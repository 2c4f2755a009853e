import type { ReactNode } from 'react';
export { DetailFailed, DetailSection, DetailSkeleton, InfoList } from '../../../components/ui/detail-parts';
import { Link } from 'react-router';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** 'Back to Orders' / 'Back to Circulars'. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {label}
    </Link>
  );
}

/** 'Order not found.' / 'Circular not found.' with the way back. */
export function DetailNotFound({ message, back }: { message: string; back: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      {back}
      <Card className="flex flex-col items-center px-6 py-12 text-center">
        <FileQuestion aria-hidden="true" className="mb-3 h-10 w-10 text-slate-400" />
        <p role="alert" className="text-lg font-semibold text-slate-900 dark:text-white">
          {message}
        </p>
      </Card>
    </div>
  );
}
