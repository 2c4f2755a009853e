import {
  CAMPAIGN_LANGUAGES,
  templateParameterCount,
  type CampaignLanguage,
  type TWhatsappTemplate,
} from '@srpf/shared';
import type { ApprovedTemplate } from './whatsapp.provider.js';

/**
 * Approved message templates (issue 31), for campaigns. The Cloud provider reads them from the
 * Business Management API (`GET /{WHATSAPP_BUSINESS_ACCOUNT_ID}/message_templates?status=APPROVED`,
 * one entry per name and language); the outbox offers the product's own notice template as if Meta
 * had approved it, so campaigns can be tried without an account.
 */

/** The outbox's templates: one utility notice whose whole body is its one parameter, in en, mr and hi. */
export const OUTBOX_TEMPLATES: readonly ApprovedTemplate[] = CAMPAIGN_LANGUAGES.map((language) => ({
  name: 'srpf_notice',
  language,
  category: 'UTILITY',
  body: '{{1}}',
}));

/** The fields the Cloud provider asks for, and the page size (a business account has at most 250 names). */
export const TEMPLATE_QUERY = 'status=APPROVED&fields=name,language,status,category,components&limit=100';

/** Graph's answer `{data: [{name, language, status, category, components: [{type: 'BODY', text}]}]}` → approved templates. */
export function parseGraphTemplates(json: unknown): ApprovedTemplate[] {
  const data = (json as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  const templates: ApprovedTemplate[] = [];
  for (const item of data as Record<string, unknown>[]) {
    if (item.status !== undefined && item.status !== 'APPROVED') continue;
    if (typeof item.name !== 'string' || typeof item.language !== 'string') continue;
    const components = Array.isArray(item.components) ? (item.components as Record<string, unknown>[]) : [];
    const body = components.find((component) => String(component.type).toUpperCase() === 'BODY')?.text;
    templates.push({
      name: item.name,
      language: item.language,
      category: typeof item.category === 'string' ? item.category : 'UTILITY',
      body: typeof body === 'string' ? body : '',
    });
  }
  return templates;
}

/** Meta's language code as the product's language (en_US → en), or null for one the product does not speak. */
export function productLanguageOf(code: string): CampaignLanguage | null {
  const base = code.toLowerCase().split(/[_-]/)[0];
  return (CAMPAIGN_LANGUAGES as readonly string[]).includes(base ?? '') ? (base as CampaignLanguage) : null;
}

/**
 * A template as campaigns use it: the list's entry, and for each of its languages Meta's code as the
 * template was approved in (en_US for en): a template is sent under that code, never the product's.
 * Server-side only: the templates list answers the entry without the codes.
 */
export type CampaignTemplate = TWhatsappTemplate & { codes: Partial<Record<CampaignLanguage, string>> };

/**
 * One entry per template name with the product's languages it has; templates in none of them are left
 * out, and so are authentication templates: Meta refuses one without its copy-code button, and a
 * campaign has no code to give everyone.
 */
export function groupTemplates(approved: readonly ApprovedTemplate[]): CampaignTemplate[] {
  const byName = new Map<
    string,
    {
      category: string;
      bodies: Partial<Record<CampaignLanguage, string>>;
      codes: Partial<Record<CampaignLanguage, string>>;
    }
  >();
  for (const template of approved) {
    if (template.category.toUpperCase() === 'AUTHENTICATION') continue;
    const language = productLanguageOf(template.language);
    if (!language) continue;
    const entry = byName.get(template.name) ?? { category: template.category.toLowerCase(), bodies: {}, codes: {} };
    if (entry.bodies[language] === undefined) {
      entry.bodies[language] = template.body;
      entry.codes[language] = template.language;
    }
    byName.set(template.name, entry);
  }
  return [...byName.entries()]
    .map(([name, entry]) => {
      const languages = CAMPAIGN_LANGUAGES.filter((language) => entry.bodies[language] !== undefined);
      const body = entry.bodies.en ?? entry.bodies[languages[0]!]!;
      const parameterCount = Math.max(...languages.map((language) => templateParameterCount(entry.bodies[language]!)));
      return {
        name,
        category: entry.category,
        languages,
        bodies: entry.bodies,
        body,
        parameter_count: parameterCount,
        codes: entry.codes,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The language a person gets a template in: theirs when the template has it, else English, else its first. */
export function templateLanguageFor(template: TWhatsappTemplate, language: CampaignLanguage): CampaignLanguage {
  if (template.languages.includes(language)) return language;
  return template.languages.includes('en') ? 'en' : template.languages[0]!;
}
