import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppShell } from './app/app';
import { LoginPage } from './app/router';
import { loadNamespaces, setPrerenderLanguage } from './lib/texts';
import { LANGUAGES, type Language } from './locales';

export { LANGUAGES };

/** The same depth as App (a component holding the router), so useId gives the ids the browser will. */
function PrerenderedApp({ location }: { location: string }) {
  return (
    <StaticRouter location={location}>
      <AppShell />
    </StaticRouter>
  );
}

/**
 * The sign-in page's markup in one language, as the browser's first render produces it for a
 * visitor who is not signed in, in the light theme (what differs in the dark theme is CSS). Built by
 * `vite build --ssr` and run by scripts/prerender.mjs at build time; main.tsx hydrates it.
 */
export async function renderLoginPage(language: Language): Promise<string> {
  setPrerenderLanguage(language);
  await Promise.all([loadNamespaces(['common', 'login'], language), LoginPage.preload()]);
  return renderToString(
    <StrictMode>
      <PrerenderedApp location="/login" />
    </StrictMode>,
  );
}
