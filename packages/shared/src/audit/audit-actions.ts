import type { LibraryRecordKey } from '../libraries/libraries.rules.js';

/**
 * Every action an audit row may record, named `<entity>.<verb>`: the server's `audit()` accepts only
 * these, and the audit page filters on them. A new area adds its actions here first.
 */
const FIXED_ACTIONS = [
  /** A request refused with 401 or 403 (at most one row per person and route a minute). */
  'access.denied',
  'auth.login',
  'auth.logout',
  'auth.refresh_reuse',
  'auth.idle_timeout',
  'auth.session_max_age',
  'user.create',
  'user.update',
  'user.delete',
  'user.import',
  'user.password_change',
  'user.profile_update',
  'user.settings_update',
  /** Someone opened another person's record. */
  'user.read',
  /** The permissions granted to a person changed (before and after in the details). */
  'user.grants_change',
  /** The companies a person oversees changed (before and after in the details). */
  'user.oversight_change',
  'company.create',
  'company.update',
  'company.delete',
  'designation.create',
  'designation.update',
  'appointment.create',
  'appointment.update',
  'appointment.delete',
  'appointment.reschedule',
  'appointment.approve',
  'appointment.reject',
  /** Someone opened an appointment about another person. */
  'appointment.read',
  /** The dashboard's CSV of every appointment of a range. */
  'dashboard.export',
  /** A person opted in or out of WhatsApp (Settings › Profile); an administrator's change is a user.update. */
  'user.whatsapp_consent',
  /** A code sent to one's own number, a wrong or late code tried, or the number confirmed (issue 31; never the code). */
  'user.phone_verification',
  /** Salary slips (issue 19): an upload (counts in the details). */
  'payslip.upload',
  /** A list that showed other people's slips (their ids in the details), or a refused read of one. */
  'payslip.read',
  /** A slip's PDF downloaded (another person's, or a refused attempt). */
  'payslip.download',
  /** A slip's PDF rendered, or failed for good (by the job runner: no actor). */
  'payslip.render',
  /** Slips sent over WhatsApp (issue 30): one row per request, the queued and the skipped with reasons in the details. */
  'payslip.send',
  /** A slip's delivery moved (sent, delivered, read, failed, needs_check): by the worker or a callback, no actor. */
  'payslip.delivery',
  /** Someone settled a needs_check slip as sent. */
  'payslip.mark_sent',
  /** The WhatsApp queue paused (by an error or a template callback: no actor) or resumed (by an administrator). */
  'whatsapp.pause',
  'whatsapp.resume',
  /** A message that is not a slip moved (sent, delivered, read, failed, needs_check): entity whatsapp_delivery, no actor; never its parameters. */
  'whatsapp.delivery',
  /** A free-form message written to one person (POST /api/whatsapp/send). */
  'whatsapp.message_send',
  /** A person's own request over WhatsApp (payslip, leave, help, a number of nobody) and the reply queued. */
  'whatsapp.self_service',
  /** A reply of STOP switched the person's WhatsApp off. */
  'whatsapp.stop',
  /** The messaging overview's CSV of messages (issue 31): a sensitive read, the row count and filters in the details. */
  'whatsapp.export',
  /** An administrator switched WhatsApp self-service on or off (messaging overview › Settings). */
  'whatsapp.self_service_switch',
  /** Broadcast campaigns (issue 31): a draft made, changed or deleted; scheduled, unscheduled; sent (the count queued in the details). */
  'whatsapp_campaign.create',
  'whatsapp_campaign.update',
  'whatsapp_campaign.delete',
  'whatsapp_campaign.schedule',
  'whatsapp_campaign.cancel',
  'whatsapp_campaign.send',
] as const;

const LIBRARY_KEYS: readonly LibraryRecordKey[] = ['order', 'circular', 'decision'];
/** delete moves to the trash; restore brings back from it; purge removes for good (rows and files). */
const DOCUMENT_VERBS = [
  'create',
  'update',
  'delete',
  'restore',
  'purge',
  'approve',
  'reject',
  'acknowledge',
  'download',
] as const;
const FOLDER_VERBS = ['create', 'update', 'delete', 'restore', 'purge'] as const;

export type LibraryAuditAction =
  | `${LibraryRecordKey}.${(typeof DOCUMENT_VERBS)[number]}`
  | `${LibraryRecordKey}_category.${(typeof FOLDER_VERBS)[number]}`
  | `${LibraryRecordKey}_subcategory.${(typeof FOLDER_VERBS)[number]}`;

/** The forms library (issue 18): a form's download is its signed address being handed out. */
const FORM_VERBS = ['create', 'update', 'delete', 'restore', 'purge', 'download'] as const;
const FORM_FOLDER_KEYS = ['form_category', 'form_subcategory', 'form_sub_subcategory'] as const;

export type FormAuditAction =
  `form.${(typeof FORM_VERBS)[number]}` | `${(typeof FORM_FOLDER_KEYS)[number]}.${(typeof FOLDER_VERBS)[number]}`;

export type AuditAction = (typeof FIXED_ACTIONS)[number] | LibraryAuditAction | FormAuditAction;

export const AUDIT_ACTIONS: readonly AuditAction[] = [
  ...FIXED_ACTIONS,
  ...LIBRARY_KEYS.flatMap((key) => [
    ...DOCUMENT_VERBS.map((verb) => `${key}.${verb}` as const),
    ...FOLDER_VERBS.flatMap((verb) => [`${key}_category.${verb}` as const, `${key}_subcategory.${verb}` as const]),
  ]),
  ...FORM_VERBS.map((verb) => `form.${verb}` as const),
  ...FORM_FOLDER_KEYS.flatMap((key) => FOLDER_VERBS.map((verb) => `${key}.${verb}` as const)),
];
