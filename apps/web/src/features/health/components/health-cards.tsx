import type { ReactNode } from 'react';
import { SearchX } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { useHealthWords } from './use-health-words';

/** A titled grid of cards (services, instances); an empty state when the filter or the server leaves none. */
export function HealthCards({
  id,
  title,
  emptyTitle,
  children,
}: {
  id: string;
  title: string;
  emptyTitle: string;
  children: ReactNode[];
}) {
  const { t } = useHealthWords();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {title}
      </h2>
      {children.length === 0 ? (
        <Card>
          <EmptyState icon={SearchX} title={emptyTitle} description={t('filter.emptyBody')} />
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">{children}</ul>
      )}
    </section>
  );
}
