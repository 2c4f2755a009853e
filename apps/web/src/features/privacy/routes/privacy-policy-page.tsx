import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Keys of the privacy namespace; the order is the order on the page. */
const SECTIONS = [
  { id: 'overview', key: 'overview', paragraphs: ['p1', 'p2', 'p3'] },
  {
    id: 'data-collection',
    key: 'dataCollection',
    intro: true,
    items: ['identity', 'contact', 'account', 'requests', 'payroll', 'technical'],
    after: ['purpose'],
  },
  {
    id: 'whatsapp-integration',
    key: 'whatsapp',
    paragraphs: ['p1'],
    items: ['content', 'records', 'provider', 'optOut'],
  },
  {
    id: 'security-measures',
    key: 'security',
    intro: true,
    items: ['atRest', 'inTransit', 'access', 'passwords', 'audit', 'backups'],
  },
  {
    id: 'data-retention',
    key: 'retention',
    intro: true,
    table: ['account', 'whatsapp', 'logs', 'audit', 'trash'],
    after: ['after'],
  },
  {
    id: 'user-rights',
    key: 'rights',
    intro: true,
    items: ['access', 'correction', 'erasure', 'grievance', 'nominate'],
    after: ['note'],
  },
  { id: 'compliance', key: 'compliance', intro: true, items: ['itAct', 'dpdp', 'certIn', 'govt'], after: ['after'] },
  { id: 'contact', key: 'contact', paragraphs: ['p1'], items: ['general', 'requests'], after: ['escalation'] },
] as const satisfies readonly Section[];

interface Section {
  id: string;
  key: string;
  paragraphs?: readonly string[];
  intro?: boolean;
  items?: readonly string[];
  table?: readonly string[];
  after?: readonly string[];
}

/** Public page (/privacy-policy), shown without the signed-in layout. */
export function Component() {
  const { t } = useTranslation('privacy');
  const navigate = useNavigate();

  return (
    <div className="min-h-full bg-slate-50 text-slate-800 dark:bg-slate-950 dark:text-slate-200">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3">
          <span className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
            <ShieldCheck aria-hidden="true" className="h-6 w-6 text-brand-600 dark:text-brand-100" />
            {t('appName', { ns: 'common' })}
          </span>
          <Button variant="secondary" size="sm" onClick={() => void navigate('/login')}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            {t('backToLogin')}
          </Button>
        </div>
      </header>

      <main className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t('title')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{t('subtitle')}</p>

        <nav
          aria-labelledby="privacy-contents"
          className="mt-8 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2
            id="privacy-contents"
            className="text-sm font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
          >
            {t('contents')}
          </h2>
          <ol className="mt-3 grid list-inside list-decimal gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-700 hover:underline dark:text-brand-100">
                  {t(`sections.${section.key}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {SECTIONS.map((section, index) => (
          <PolicySection key={section.id} section={section} number={index + 1} />
        ))}

        <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
          {t('footer')}
        </p>
      </main>
    </div>
  );
}

function PolicySection({ section, number }: { section: Section; number: number }) {
  const { t } = useTranslation('privacy');
  const text = (key: string) => t(`sections.${section.key}.${key}`);
  const paragraph = (key: string): ReactNode => (
    <p key={key} className="mt-3 leading-relaxed">
      {text(key)}
    </p>
  );

  return (
    <section id={section.id} aria-labelledby={`${section.id}-title`} className="mt-10 scroll-mt-6">
      <h2 id={`${section.id}-title`} className="text-xl font-semibold text-slate-900 dark:text-white">
        {number}. {text('title')}
      </h2>
      {section.paragraphs?.map(paragraph)}
      {section.intro && paragraph('intro')}
      {section.items && (
        <ul className="mt-3 list-disc space-y-1.5 pl-6 leading-relaxed marker:text-slate-400">
          {section.items.map((item) => (
            <li key={item}>{text(`items.${item}`)}</li>
          ))}
        </ul>
      )}
      {section.table && (
        <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  {text('table.data')}
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  {text('table.period')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-800 dark:bg-slate-900">
              {section.table.map((row) => (
                <tr key={row}>
                  <th scope="row" className="px-4 py-2 font-normal">
                    {text(`rows.${row}.data`)}
                  </th>
                  <td className="px-4 py-2 font-medium text-slate-900 dark:text-white">{text(`rows.${row}.period`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {section.after?.map(paragraph)}
    </section>
  );
}
