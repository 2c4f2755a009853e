import { Link } from 'react-router';
import { History } from 'lucide-react';
import type { Library, TDocumentLink, TLibraryDocumentDetail } from '@srpf/shared';
import { useLibraryTexts } from './use-library';

/**
 * 'Supersedes: …' and 'Superseded by: …' (the documents issue): the document this one replaces (a
 * correction of an approved order) and the ones that replace it, as links to their pages. A
 * document replaced by another says so plainly, so nobody acts on an outdated text.
 */
export function DocumentLinks({
  library,
  document,
}: {
  library: Library;
  document: Pick<TLibraryDocumentDetail, 'supersedes' | 'superseded_by'>;
}) {
  const { t, config } = useLibraryTexts(library);
  const { supersedes, superseded_by: supersededBy } = document;
  if (!supersedes && supersededBy.length === 0) return null;

  const linkTo = (target: TDocumentLink) =>
    config.hasDetailPage ? (
      <Link
        to={`${config.basePath}/${target.id}`}
        className="font-medium break-words text-brand-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-100"
      >
        {target.title}
      </Link>
    ) : (
      <span className="font-medium break-words">{target.title}</span>
    );

  return (
    <dl className="mt-3 space-y-1 text-sm">
      {supersedes && (
        <div className="flex flex-wrap gap-1.5 text-slate-700 dark:text-slate-300">
          <dt>{t('detail.links.supersedes')}</dt>
          <dd className="min-w-0">{linkTo(supersedes)}</dd>
        </div>
      )}
      {supersededBy.length > 0 && (
        <div className="flex flex-wrap items-center gap-1.5 rounded-md bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
          <History aria-hidden="true" className="h-4 w-4 shrink-0" />
          <dt>{t('detail.links.supersededBy')}</dt>
          {supersededBy.map((replacement, index) => (
            <dd key={replacement.id} className="min-w-0">
              {linkTo(replacement)}
              {index < supersededBy.length - 1 && ','}
            </dd>
          ))}
        </div>
      )}
    </dl>
  );
}
