import { monthLabel } from './whatsapp.send.message.js';

/**
 * The product's own WhatsApp replies (issue 31), in the person's WhatsApp language: the help text, a
 * slip that is not there, their latest leave request's status, the STOP confirmation. A number of
 * nobody (or of several people) is not known to speak any one language: it gets one fixed reply, a
 * short sentence in each of English, Marathi and Hindi, and nothing else.
 */

export type ReplyLanguage = 'en' | 'mr' | 'hi';

export const UNKNOWN_NUMBER_REPLY =
  'This number is not registered with SRPF WhatsApp services. / हा क्रमांक SRPF WhatsApp सेवेत नोंदलेला नाही. / यह नंबर SRPF WhatsApp सेवा में पंजीकृत नहीं है।';

const HELP: Record<ReplyLanguage, string> = {
  en: 'Send "payslip" for your latest salary slip (or "payslip March 2026" for a month), "leave" for the status of your latest leave request, or STOP to receive nothing more.',
  mr: 'आपल्या नवीनतम वेतन पावतीसाठी "पगार" पाठवा (एखाद्या महिन्याची हवी असल्यास "पगार मार्च 2026"), आपल्या शेवटच्या रजा अर्जाच्या स्थितीसाठी "रजा" पाठवा, किंवा पुढे काहीही न मिळण्यासाठी "बंद" पाठवा.',
  hi: 'अपनी नवीनतम वेतन पर्ची के लिए "सैलरी स्लिप" भेजें (किसी महीने की चाहिए तो "सैलरी स्लिप मार्च 2026"), अपने अंतिम छुट्टी आवेदन की स्थिति के लिए "छुट्टी" भेजें, या आगे कुछ न पाने के लिए "रोको" भेजें।',
};

const STOPPED: Record<ReplyLanguage, string> = {
  en: 'WhatsApp messages from SRPF are now switched off for you. You can switch them on again in your profile.',
  mr: 'SRPF कडून येणारे WhatsApp संदेश आता आपल्यासाठी बंद केले आहेत. आपल्या प्रोफाइलमधून ते पुन्हा सुरू करता येतील.',
  hi: 'SRPF से आने वाले WhatsApp संदेश अब आपके लिए बंद कर दिए गए हैं। आप अपनी प्रोफ़ाइल में इन्हें फिर से चालू कर सकते हैं।',
};

const NO_SLIP: Record<ReplyLanguage, (month: string | null) => string> = {
  en: (month) => (month ? `There is no salary slip of yours for ${month}.` : 'There is no salary slip of yours yet.'),
  mr: (month) => (month ? `${month} महिन्याची आपली वेतन पावती उपलब्ध नाही.` : 'आपली कोणतीही वेतन पावती अजून उपलब्ध नाही.'),
  hi: (month) => (month ? `${month} की आपकी वेतन पर्ची उपलब्ध नहीं है।` : 'आपकी कोई वेतन पर्ची अभी उपलब्ध नहीं है।'),
};

const NO_LEAVE: Record<ReplyLanguage, string> = {
  en: 'You have no leave request.',
  mr: 'आपला कोणताही रजा अर्ज नाही.',
  hi: 'आपका कोई छुट्टी आवेदन नहीं है।',
};

/** Leave statuses as a clerk would word them; an unknown one is shown as stored. */
const STATUS_WORDS: Record<ReplyLanguage, Record<string, string>> = {
  en: {
    pending: 'pending',
    scheduled: 'pending',
    pending_clerk: 'waiting for the clerk',
    pending_officer: 'waiting for the officer',
    pending_final: 'waiting for final approval',
    approved: 'approved',
    completed: 'completed',
    rejected: 'rejected',
    cancelled: 'cancelled',
    deferred: 'deferred',
    rescheduled: 'rescheduled',
    no_show: 'not attended',
  },
  mr: {
    pending: 'प्रलंबित',
    scheduled: 'प्रलंबित',
    pending_clerk: 'लिपिकाकडे प्रलंबित',
    pending_officer: 'अधिकाऱ्याकडे प्रलंबित',
    pending_final: 'अंतिम मंजुरीसाठी प्रलंबित',
    approved: 'मंजूर',
    completed: 'पूर्ण',
    rejected: 'नामंजूर',
    cancelled: 'रद्द',
    deferred: 'पुढे ढकलला',
    rescheduled: 'नवीन तारीख दिली',
    no_show: 'उपस्थित नाही',
  },
  hi: {
    pending: 'लंबित',
    scheduled: 'लंबित',
    pending_clerk: 'लिपिक के पास लंबित',
    pending_officer: 'अधिकारी के पास लंबित',
    pending_final: 'अंतिम स्वीकृति के लिए लंबित',
    approved: 'स्वीकृत',
    completed: 'पूर्ण',
    rejected: 'अस्वीकृत',
    cancelled: 'रद्द',
    deferred: 'स्थगित',
    rescheduled: 'नई तारीख दी गई',
    no_show: 'उपस्थित नहीं',
  },
};

const LEAVE: Record<ReplyLanguage, (from: string, to: string, status: string) => string> = {
  en: (from, to, status) => `Your latest leave request (${from} to ${to}) is ${status}.`,
  mr: (from, to, status) => `आपला शेवटचा रजा अर्ज (${from} ते ${to}): ${status}.`,
  hi: (from, to, status) => `आपका अंतिम छुट्टी आवेदन (${from} से ${to}): ${status}।`,
};

export const helpReply = (language: ReplyLanguage) => HELP[language];
export const stopReply = (language: ReplyLanguage) => STOPPED[language];

/** `year-month` given as numbers (a month asked without a year: null year). */
export function noSlipReply(language: ReplyLanguage, asked: { month: number | null; year: number | null }): string {
  if (asked.month === null) return NO_SLIP[language](null);
  const month = asked.year
    ? monthLabel(`${asked.year}-${String(asked.month).padStart(2, '0')}`, language)
    : new Intl.DateTimeFormat(`${language}-IN`, { month: 'long', timeZone: 'UTC' }).format(
        new Date(Date.UTC(2000, asked.month - 1, 1)),
      );
  return NO_SLIP[language](month);
}

export function leaveReply(
  language: ReplyLanguage,
  leave: { status: string; from: string | null; to: string | null } | null,
): string {
  if (!leave) return NO_LEAVE[language];
  const status = STATUS_WORDS[language][leave.status] ?? leave.status;
  const from = leave.from ?? '?';
  return LEAVE[language](from, leave.to ?? from, status);
}
