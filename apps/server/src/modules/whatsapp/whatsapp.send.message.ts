import { payslipPdfName } from '@srpf/shared';
import type { DocumentMessage } from './whatsapp.provider.js';

/**
 * What a slip's message says, in the person's WhatsApp language: the caption of a free-form document,
 * and the payslip template's body parameters (the name and the month; the template's own words are
 * the approved ones, in the same language).
 */

type Language = DocumentMessage['language'];

const LOCALES: Record<Language, string> = { en: 'en-IN', mr: 'mr-IN', hi: 'hi-IN' };

/** Made once: a formatter costs more to make than to use (2 % of the worker's time when made per slip). */
const MONTH_FORMATS = Object.fromEntries(
  Object.entries(LOCALES).map(([language, locale]) => [
    language,
    new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ]),
) as Record<Language, Intl.DateTimeFormat>;

/** `2026-10` as the person reads it: October 2026, ऑक्टोबर २०२६, अक्टूबर 2026. */
export function monthLabel(salaryMonth: string, language: Language): string {
  const [year, month] = salaryMonth.split('-').map(Number);
  if (!year || !month) return salaryMonth;
  return MONTH_FORMATS[language].format(new Date(Date.UTC(year, month - 1, 1)));
}

const CAPTIONS: Record<Language, (name: string, month: string) => string> = {
  en: (name, month) => `${name}, your salary slip for ${month}.`,
  mr: (name, month) => `${name}, आपली ${month} महिन्याची वेतन पावती.`,
  hi: (name, month) => `${name}, आपकी ${month} की वेतन पर्ची।`,
};

export interface SlipForMessage {
  employee_name: string;
  salary_month: string;
  file_name: string;
}

/** The message of one attempt (all but the media id, which the upload gives). */
export function slipMessage(
  slip: SlipForMessage,
  to: string,
  language: string,
  callbackData: string,
): Omit<DocumentMessage, 'mediaId'> {
  const lang: Language = language === 'mr' || language === 'hi' ? language : 'en';
  const month = monthLabel(slip.salary_month, lang);
  return {
    to,
    language: lang,
    fileName: payslipPdfName(slip.file_name),
    caption: CAPTIONS[lang](slip.employee_name, month),
    bodyParameters: [slip.employee_name, month],
    callbackData,
  };
}
