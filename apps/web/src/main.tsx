import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { i18nReady } from './lib/i18n';
import { applyTheme, initialTheme } from './lib/theme';
import { App } from './app/app';

applyTheme(initialTheme());

void i18nReady.then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
