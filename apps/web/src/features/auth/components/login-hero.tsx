import { useTexts } from '../../../lib/texts';
import Shield from 'lucide-react/icons/shield';

/** The headline panel: the force's motto over a parade at dawn. A banner on phones, half the page on wide screens. */
export function LoginHero() {
  const { t } = useTexts('login');
  // A line may break only between the motto's words, never just before a bullet.
  const mottoParts = t('hero.headline').split(' • ');
  return (
    <section className="relative isolate flex h-60 shrink-0 flex-col justify-between overflow-hidden bg-slate-900 p-5 pt-16 text-white sm:h-72 sm:p-8 sm:pt-20 lg:h-auto lg:min-h-full lg:w-1/2 lg:p-12 xl:w-[55%]">
      <img
        src="/hero-parade.svg"
        alt={t('hero.imageAlt')}
        width={960}
        height={720}
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 -z-10 h-full w-full object-cover object-[62%_75%] dark:brightness-90"
      />
      {/* Keeps the text readable over the bright horizon. */}
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-gradient-to-t from-slate-950/85 via-slate-950/25 to-slate-950/40"
      />

      <div className="flex items-center gap-3 lg:absolute lg:top-10 lg:left-12">
        <span className="flex size-10 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/30 backdrop-blur">
          <Shield aria-hidden className="size-5" />
        </span>
        <span>
          <span className="block text-base leading-tight font-semibold tracking-wide">{t('brand.acronym')}</span>
          <span className="block text-xs text-white/80 sm:text-sm">{t('brand.name')}</span>
        </span>
      </div>

      <div className="mt-auto max-w-xl">
        <h1 className="text-2xl leading-tight font-semibold tracking-tight text-balance sm:text-3xl lg:text-4xl 2xl:text-5xl">
          {mottoParts.map((part, index) => (
            <span key={index}>
              {index > 0 && ' '}
              <span className="whitespace-nowrap">{index < mottoParts.length - 1 ? `${part} •` : part}</span>
            </span>
          ))}
        </h1>
        <p className="mt-3 hidden text-base text-white/85 sm:block lg:text-lg">{t('hero.tagline')}</p>
      </div>
    </section>
  );
}
