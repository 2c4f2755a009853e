import type { IncomingMessage } from 'node:http';

/**
 * The loopback Graph server's `GET /{version}/{business-account-id}/message_templates` (issue 31): the
 * Business Management API's list of a WhatsApp Business Account's templates, filtered by `status`
 * (APPROVED) as Meta does, with `fields` ignored (every field is always given). Any numeric account id
 * is accepted. Tests set their own templates with setLoopbackTemplates.
 */
export const LOOPBACK_BUSINESS_ACCOUNT_ID = '102290129340398';

export interface LoopbackTemplate {
  name: string;
  /** Meta's code: en, en_US, mr, hi … */
  language: string;
  category: 'UTILITY' | 'MARKETING' | 'AUTHENTICATION';
  status: 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED';
  /** The BODY component's text, with {{1}} … */
  body: string;
}

/** A notice in three languages, a two-parameter reminder in English only, and one still pending. */
export const DEFAULT_LOOPBACK_TEMPLATES: readonly LoopbackTemplate[] = [
  { name: 'srpf_notice', language: 'en', category: 'UTILITY', status: 'APPROVED', body: '{{1}}' },
  { name: 'srpf_notice', language: 'mr', category: 'UTILITY', status: 'APPROVED', body: '{{1}}' },
  { name: 'srpf_notice', language: 'hi', category: 'UTILITY', status: 'APPROVED', body: '{{1}}' },
  {
    name: 'duty_reminder',
    language: 'en_US',
    category: 'UTILITY',
    status: 'APPROVED',
    body: 'Reminder: {{1}} reports for duty on {{2}}.',
  },
  { name: 'parade_notice', language: 'en', category: 'UTILITY', status: 'PENDING', body: 'Parade on {{1}}.' },
];

const ROUTE = /^\/v\d+\.\d+\/(\d+)\/message_templates\/?(?:\?(.*))?$/;
const templatesOf = new WeakMap<object, readonly LoopbackTemplate[]>();

/** The templates this loopback server lists from now on. */
export function setLoopbackTemplates(graph: object, templates: readonly LoopbackTemplate[]): void {
  templatesOf.set(graph, templates);
}

/** Answers a message_templates request (true), or leaves any other request to the server (false). */
export function answerTemplates(
  graph: object,
  request: IncomingMessage,
  send: (status: number, body: unknown) => void,
): boolean {
  const match = ROUTE.exec(request.url ?? '');
  if (request.method !== 'GET' || !match) return false;
  const query = new URLSearchParams(match[2] ?? '');
  const status = query.get('status');
  const limit = Math.min(Number(query.get('limit') ?? 25) || 25, 1000);
  const all = templatesOf.get(graph) ?? DEFAULT_LOOPBACK_TEMPLATES;
  const data = all
    .filter((template) => status === null || template.status === status)
    .slice(0, limit)
    .map((template, index) => ({
      id: String(900_000_000 + index),
      name: template.name,
      language: template.language,
      status: template.status,
      category: template.category,
      parameter_format: 'POSITIONAL',
      components: [{ type: 'BODY', text: template.body }],
    }));
  send(200, { data, paging: { cursors: { before: 'MAA', after: 'MjQ' } } });
  return true;
}
