import { useTranslation } from 'react-i18next';
import type { Library } from '@srpf/shared';
import { useCurrentUser } from '../../../lib/current-user';
import { libraryAbilities, type LibraryAbilities } from '../lib/abilities';
import { documentRights, type DocumentRights } from '../lib/document-rights';
import { failureText, type FailedAction } from '../lib/error-message';
import { GOVERNMENT_DECISIONS_TITLE, LIBRARY_CONFIG, type LibraryConfig } from '../lib/library-config';

/** What the signed-in user may do here; follows the stored user as it changes. */
export function useLibraryAbilities(library: Library): LibraryAbilities {
  return libraryAbilities(useCurrentUser(), library);
}

/** The record rules (who may edit which document, delete which folder, open the trash). */
export function useDocumentRights(library: Library): DocumentRights {
  return documentRights(useCurrentUser().actor, library);
}

/**
 * The library's configuration and its texts: `lt('empty')` reads `orders.empty`, `circulars.empty`
 * or `governmentDecisions.empty` of the libraries namespace; `title` is the page title; `failed`
 * words a failed change for its toast (failureText).
 */
export function useLibraryTexts(library: Library) {
  const { t } = useTranslation('libraries');
  const config: LibraryConfig = LIBRARY_CONFIG[library];
  const lt = (key: string, options?: Record<string, unknown>) => t(`${config.textKey}.${key}`, options ?? {});
  const title = config.textKey === 'governmentDecisions' ? GOVERNMENT_DECISIONS_TITLE : lt('title');
  const failed = (error: unknown, action: FailedAction): string => {
    const text = failureText(error, action);
    if (text.scope === 'library') return lt(text.key);
    const { reason } = text;
    const message =
      'key' in reason ? t(reason.key) : 'message' in reason ? reason.message : t('errors.network', { ns: 'common' });
    return t(text.key, { message });
  };
  return { t, lt, title, config, failed };
}
