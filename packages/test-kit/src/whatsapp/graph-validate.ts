/**
 * The loopback's check of a `POST /{phone-number-id}/messages` body: the subset of the Cloud API the
 * product uses (a template with a document header, body parameters and, for an authentication
 * template, the copy-code `url` button; a `document` message; a `text` message), refused as Graph
 * refuses (error 100, "Invalid parameter", naming the parameter in `details`).
 */

/** Graph's longest text message body. */
const TEXT_MAX = 4096;

export type ParsedMessage =
  | {
      kind: 'template';
      to: string;
      callbackData?: string;
      name: string;
      language: string;
      headerDocument?: { id?: string; link?: string; filename?: string };
      bodyParameters: string[];
      /** Button components' parameters (an authentication template's copy code: sub_type url, index 0). */
      buttons: { subType: string; index: number; text: string }[];
    }
  | {
      kind: 'text';
      to: string;
      callbackData?: string;
      text: { body: string; previewUrl: boolean };
    }
  | {
      kind: 'document';
      to: string;
      callbackData?: string;
      document: { id?: string; link?: string; filename?: string; caption?: string };
    };

export type Checked = { ok: true; message: ParsedMessage } | { ok: false; code: number; details: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown) => value === undefined || typeof value === 'string';
const bad = (details: string): Checked => ({ ok: false, code: 100, details });

function documentOf(
  value: unknown,
  where: string,
): { ok: true; doc: Record<string, string> } | { ok: false; details: string } {
  if (!isObject(value)) return { ok: false, details: `${where} must be an object` };
  const { id, link, filename, caption } = value;
  if (!optionalString(id) || !optionalString(link) || !optionalString(filename) || !optionalString(caption))
    return { ok: false, details: `${where} fields must be strings` };
  if ((id === undefined) === (link === undefined))
    return { ok: false, details: `${where} needs exactly one of id or link` };
  return { ok: true, doc: value as Record<string, string> };
}

function checkTemplate(template: unknown, to: string, callbackData: string | undefined): Checked {
  if (!isObject(template)) return bad('Param template must be an object');
  if (typeof template.name !== 'string' || template.name === '') return bad('Param template[name] is required');
  if (!isObject(template.language) || typeof template.language.code !== 'string')
    return bad('Param template[language][code] is required');
  const components = template.components ?? [];
  if (!Array.isArray(components)) return bad('Param template[components] must be an array');
  let headerDocument: { id?: string; link?: string; filename?: string } | undefined;
  const bodyParameters: string[] = [];
  const buttons: { subType: string; index: number; text: string }[] = [];
  for (const [index, component] of components.entries()) {
    if (!isObject(component) || typeof component.type !== 'string')
      return bad(`Param template[components][${index}][type] is required`);
    const parameters = component.parameters ?? [];
    if (!Array.isArray(parameters)) return bad(`Param template[components][${index}][parameters] must be an array`);
    let button: { subType: string; index: number } | undefined;
    if (component.type === 'button') {
      const { sub_type: subType, index: position } = component;
      if (typeof subType !== 'string' || !['url', 'quick_reply', 'copy_code'].includes(subType))
        return bad(`Param template[components][${index}][sub_type] must be url, quick_reply or copy_code`);
      const at = typeof position === 'string' ? Number(position) : position;
      if (typeof at !== 'number' || !Number.isInteger(at) || at < 0 || at > 9)
        return bad(`Param template[components][${index}][index] must be a button's position (0-9)`);
      button = { subType, index: at };
    }
    for (const [p, parameter] of parameters.entries()) {
      const where = `template[components][${index}][parameters][${p}]`;
      if (!isObject(parameter) || typeof parameter.type !== 'string') return bad(`Param ${where}[type] is required`);
      if (parameter.type === 'document') {
        if (component.type !== 'header') return bad(`Param ${where}: a document parameter belongs in the header`);
        const checked = documentOf(parameter.document, `Param ${where}[document]`);
        if (!checked.ok) return bad(checked.details);
        headerDocument = checked.doc;
      } else if (parameter.type === 'text') {
        if (typeof parameter.text !== 'string' || parameter.text === '') return bad(`Param ${where}[text] is required`);
        if (component.type === 'body') bodyParameters.push(parameter.text);
        if (button) buttons.push({ ...button, text: parameter.text });
      } else {
        return bad(`Param ${where}[type] is not supported by the loopback: ${parameter.type}`);
      }
    }
  }
  return {
    ok: true,
    message: {
      kind: 'template',
      to,
      callbackData,
      name: template.name,
      language: template.language.code,
      headerDocument,
      bodyParameters,
      buttons,
    },
  };
}

function checkText(text: unknown, to: string, callbackData: string | undefined): Checked {
  if (!isObject(text)) return bad('Param text must be an object');
  if (typeof text.body !== 'string' || text.body.trim() === '') return bad('Param text[body] is required');
  if (text.body.length > TEXT_MAX) return bad(`Param text[body] must be at most ${TEXT_MAX} characters`);
  if (text.preview_url !== undefined && typeof text.preview_url !== 'boolean')
    return bad('Param text[preview_url] must be a boolean');
  return {
    ok: true,
    message: { kind: 'text', to, callbackData, text: { body: text.body, previewUrl: text.preview_url === true } },
  };
}

export function checkMessageBody(body: unknown): Checked {
  if (!isObject(body)) return bad('The request body must be a JSON object');
  if (body.messaging_product !== 'whatsapp') return bad('Param messaging_product must be whatsapp');
  if (body.recipient_type !== undefined && body.recipient_type !== 'individual')
    return bad('Param recipient_type must be individual');
  if (typeof body.to !== 'string' || !/^\+?\d{7,15}$/.test(body.to)) return bad('Param to must be a phone number');
  const to = body.to.replace(/^\+/, '');
  const raw = body.biz_opaque_callback_data;
  const callbackData = typeof raw === 'string' ? raw : undefined;
  if (!optionalString(raw) || (callbackData?.length ?? 0) > 512)
    return bad('Param biz_opaque_callback_data must be a string of at most 512 characters');
  if (body.type === 'template') return checkTemplate(body.template, to, callbackData);
  if (body.type === 'text') return checkText(body.text, to, callbackData);
  if (body.type === 'document') {
    const checked = documentOf(body.document, 'Param document');
    if (!checked.ok) return bad(checked.details);
    return {
      ok: true,
      message: { kind: 'document', to, callbackData, document: checked.doc },
    };
  }
  return bad(`Param type is not supported by the loopback: ${String(body.type)}`);
}
