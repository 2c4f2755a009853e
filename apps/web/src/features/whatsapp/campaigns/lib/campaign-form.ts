import {
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_NAME_MIN,
  CAMPAIGN_OPEN_STATUSES,
  fillTemplate,
  isActiveCampaign,
  type CampaignStatus,
  type TCampaign,
  type TCampaignRequest,
  type TWhatsappTemplate,
} from '@srpf/shared';
import { isCalendarDate } from '@srpf/shared/appointments/appointments.rules';

/** The campaign dialog's values: `company` is a company id as text, ALL_COMPANIES, or '' (none chosen yet). */
export interface CampaignFormValues {
  name: string;
  templateName: string;
  parameters: string[];
  company: string;
}
export const ALL_COMPANIES = 'all';

export type CampaignFormProblem = 'nameLength' | 'templateRequired' | 'parameterRequired' | 'companyRequired';

export function emptyCampaignForm(): CampaignFormValues {
  return { name: '', templateName: '', parameters: [], company: '' };
}

export function campaignFormOf(campaign: TCampaign): CampaignFormValues {
  return {
    name: campaign.name,
    templateName: campaign.template_name,
    parameters: [...campaign.parameters],
    company: campaign.company_id === null ? ALL_COMPANIES : String(campaign.company_id),
  };
}

/** The parameters resized to the chosen template's count, keeping what was typed. */
export function fitParameters(parameters: readonly string[], template: TWhatsappTemplate | undefined): string[] {
  const count = template?.parameter_count ?? 0;
  return Array.from({ length: count }, (_, index) => parameters[index] ?? '');
}

/** What stops the draft from being saved, per field (the server checks everything again). */
export function campaignFormProblems(values: CampaignFormValues): Partial<Record<string, CampaignFormProblem>> {
  const problems: Partial<Record<string, CampaignFormProblem>> = {};
  const name = values.name.trim();
  if (name.length < CAMPAIGN_NAME_MIN || name.length > CAMPAIGN_NAME_MAX) problems.name = 'nameLength';
  if (!values.templateName) problems.templateName = 'templateRequired';
  values.parameters.forEach((parameter, index) => {
    if (parameter.trim() === '') problems[`parameters.${index}`] = 'parameterRequired';
  });
  if (values.company === '') problems.company = 'companyRequired';
  return problems;
}

export function campaignRequestOf(values: CampaignFormValues): TCampaignRequest {
  return {
    name: values.name.trim(),
    template_name: values.templateName,
    parameters: values.parameters.map((parameter) => parameter.trim()),
    company_id: values.company === ALL_COMPANIES ? null : Number(values.company),
  };
}

/** The text people will read (the template's English body, else its first), as the preview shows it. */
export function campaignPreview(template: TWhatsappTemplate | undefined, parameters: readonly string[]): string {
  return template ? fillTemplate(template.body, parameters) : '';
}

/** Edit, Send and Schedule while a campaign is a draft or scheduled. */
export const isOpenCampaign = (status: CampaignStatus): boolean => CAMPAIGN_OPEN_STATUSES.includes(status);

/** The spec's colouring: active (scheduled or going out) success, every other status warning. */
export const campaignTone = (status: CampaignStatus) => (isActiveCampaign(status) ? 'success' : 'warning');

/** A date (ISO, as TypedDateInput keeps it) and a time (HH:mm) in the force's time zone (+05:30) as an ISO moment; null when incomplete. */
export function scheduledMomentOf(date: string, time: string): string | null {
  if (!isCalendarDate(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  return new Date(`${date}T${time}:00+05:30`).toISOString();
}
