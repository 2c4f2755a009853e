import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './index.css';
import { applyTheme, initialTheme } from './lib/theme';
import { currentLanguage, loadNamespaces } from './lib/texts';
import { App } from './app/app';
import { LoginPage, preloadSignedInPage } from './app/router';
import { getToken } from './lib/session';

// The first-paint script in index.html has already done both; this keeps them right without it (vite dev).
applyTheme(initialTheme());
document.documentElement.lang = currentLanguage();

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * /login and /srpf-login arrive pre-rendered (scripts/prerender.mjs): the first-paint script has put
 * the page of the stored language into #root, unless someone is signed in. Its code and texts are
 * loaded before hydrating, so hydration finds what the server rendered and nothing suspends.
 */
async function start(): Promise<void> {
  const prerendered = root.dataset.prerendered !== undefined && root.firstElementChild !== null;
  // The signed-in shell the first-paint script put in #root (app/signed-in-shell.tsx).
  const shell = root.dataset.shell !== undefined;
  const signedInPage = !prerendered && getToken() ? preloadSignedInPage(window.location.pathname) : undefined;
  const ready = await Promise.all([
    loadNamespaces(['common']),
    prerendered && LoginPage.preload(),
    shell && signedInPage,
  ]).then(
    () => true,
    () => false,
  );
  if (prerendered && ready) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread in one long task (the page is already painted: nothing waits for it). The
    // form marks the page live once hydrated (lib/prerendered.ts).
    startTransition(() => {
      hydrateRoot(root, app);
    });
    return;
  }
  // Every other page is rendered afresh; so is the sign-in page when its code could not be loaded
  // (the route's error message shows then). The signed-in shell stays until the app's first commit,
  // which React begins by emptying the container: with the layout and the page loaded above, that
  // commit is the page, not a blank suspense fallback, and the shell never gives way to nothing.
  if (!shell) root.replaceChildren();
  createRoot(root).render(app);
  root.dataset.hydrated = '';
}

void start();
