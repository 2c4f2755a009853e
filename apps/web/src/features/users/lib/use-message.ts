import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from './user-save-error';

/** Renders a Message: a key of the users namespace in the current language, or the server's words. */
export function useMessage(): (message: Message) => string {
  const { t } = useTranslation('users');
  return useCallback(
    (message: Message) => ('text' in message ? message.text : t(message.key, message.values ?? {})),
    [t],
  );
}
