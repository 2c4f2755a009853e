import { ApiError } from '../../../../lib/api-error';
import { errorText } from '../../../../lib/error-text';
import { i18n } from '../../../../lib/i18n';

/** A campaign call's refusal in the reader's language (the house's error texts), or the network's or a generic one. */
export function campaignErrorText(error: unknown): string {
  if (error instanceof ApiError && error.isNetwork) return i18n.t('errors.network', { ns: 'common' });
  if (error instanceof ApiError) return errorText(error);
  return i18n.t('errors.generic', { ns: 'common' });
}
