import { Component, type ReactNode } from 'react';
import { useTexts } from '../lib/texts';

function RouteErrorMessage() {
  const { t } = useTexts('common');
  return (
    <div
      role="alert"
      className="m-8 rounded-lg border border-red-200 bg-red-50 p-6 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <p>{t('errors.generic')}</p>
      <button
        type="button"
        className="mt-4 rounded-md bg-red-700 px-4 py-2 text-white"
        onClick={() => window.location.reload()}
      >
        {t('retry')}
      </button>
    </div>
  );
}

/** Shown when a page fails to load or render (for example a stale chunk after a deploy). */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('A page failed to render', error);
  }

  render() {
    return this.state.failed ? <RouteErrorMessage /> : this.props.children;
  }
}
