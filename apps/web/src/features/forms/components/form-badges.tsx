import { useTranslation } from 'react-i18next';
import { Globe, Lock } from 'lucide-react';
import { FORM_LANGUAGES, type FormLanguage } from '@srpf/shared/forms/forms.rules';
import { Badge } from '../../../components/ui/badge';

/** English / मराठी (the form's language). */
export function LanguageBadge({ language }: { language: FormLanguage }) {
  const { t } = useTranslation('form-editor');
  return <Badge tone={language === 'mr' ? 'accent' : 'info'}>{t(`languages.${language}`)}</Badge>;
}

/** Public / Private. */
export function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  const { t } = useTranslation('form-editor');
  return (
    <Badge tone={isPublic ? 'success' : 'warning'}>
      <span className="inline-flex items-center gap-1">
        {isPublic ? <Globe aria-hidden="true" className="h-3 w-3" /> : <Lock aria-hidden="true" className="h-3 w-3" />}
        {isPublic ? t('visibility.public') : t('visibility.private')}
      </span>
    </Badge>
  );
}

/** The languages as a select's options: English, Marathi. */
export function LanguageOptions() {
  const { t } = useTranslation('form-editor');
  return FORM_LANGUAGES.map((language) => (
    <option key={language} value={language}>
      {t(`languages.${language}`)}
    </option>
  ));
}

/** Public and Private as a select's options (values 'public' and 'private'). */
export function VisibilityOptions() {
  const { t } = useTranslation('form-editor');
  return (
    <>
      <option value="public">{t('visibility.public')}</option>
      <option value="private">{t('visibility.private')}</option>
    </>
  );
}
