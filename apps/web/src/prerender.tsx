import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppShell } from './app/app';
import { LoginPage, PUBLIC_PATHS } from './app/router';
import { SHELL_NAMESPACES, shellTexts, SignedInShell } from './app/signed-in-shell';
import { loadNamespaces, setPrerenderLanguage } from './lib/texts';
import { LANGUAGES, type Language } from './locales';

export { LANGUAGES, PUBLIC_PATHS };

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

/**
 * The signed-in shell in one language (app/signed-in-shell.tsx) and the texts its first-paint script
 * writes in; never hydrated, so static markup.
 */
export async function renderSignedInShell(
  language: Language,
): Promise<{ markup: string; texts: Record<string, string> }> {
  await loadNamespaces(SHELL_NAMESPACES, language);
  return { markup: renderToStaticMarkup(<SignedInShell language={language} />), texts: shellTexts(language) };
}
