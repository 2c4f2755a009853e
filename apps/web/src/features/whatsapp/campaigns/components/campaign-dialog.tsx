import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { inCompanyScope, mayTargetCampaignAudience, type TCampaign } from '@srpf/shared';
import { useCompanyOptions } from '../../../../api/lookups/get-companies';
import { Button } from '../../../../components/ui/button';
import { Field, Input, Select } from '../../../../components/ui/field';
import { Modal } from '../../../../components/ui/modal';
import { ApiError } from '../../../../lib/api-error';
import { useCurrentUser } from '../../../../lib/current-user';
import { useSaveCampaign, useTemplates } from '../api/campaigns-api';
import {
  ALL_COMPANIES,
  campaignFormOf,
  campaignFormProblems,
  campaignPreview,
  campaignRequestOf,
  emptyCampaignForm,
  fitParameters,
  type CampaignFormValues,
} from '../lib/campaign-form';
import { campaignErrorText } from '../lib/campaign-error';

/**
 * New Campaign and Edit: a name, an approved template and its parameters, the audience (a company of
 * the actor's, or every company for administrators) and a preview of the text. Saves a draft; `onSaved`
 * receives it (the Quick Actions' Schedule Message goes on to the schedule step).
 */
export function CampaignDialog({
  campaign,
  onClose,
  onSaved,
}: {
  /** null: a new campaign. */
  campaign: TCampaign | null;
  onClose: () => void;
  onSaved: (campaign: TCampaign) => void;
}) {
  const { t } = useTranslation('campaigns');
  const { actor } = useCurrentUser();
  const templates = useTemplates(true);
  const companies = useCompanyOptions();
  const save = useSaveCampaign();
  const [values, setValues] = useState<CampaignFormValues>(() =>
    campaign ? campaignFormOf(campaign) : emptyCampaignForm(),
  );
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const available = templates.data?.templates ?? [];
  const template = available.find((candidate) => candidate.name === values.templateName);
  const problems = tried ? campaignFormProblems(values) : {};
  const errorOf = (field: string) => {
    const problem = problems[field];
    return problem ? t(`form.${problem}`) : serverErrors[field];
  };
  const companyChoices = (companies.data ?? []).filter((company) => inCompanyScope(actor, company.id));
  const set = (changes: Partial<CampaignFormValues>) => setValues((current) => ({ ...current, ...changes }));

  const submit = async () => {
    setTried(true);
    setServerErrors({});
    if (Object.keys(campaignFormProblems(values)).length > 0) return;
    try {
      const saved = await save.mutateAsync({ id: campaign?.id ?? null, body: campaignRequestOf(values) });
      toast.success(t('form.saved', { name: saved.name }));
      onSaved(saved);
    } catch (error) {
      const text = campaignErrorText(error);
      if (error instanceof ApiError && error.field) {
        const field =
          error.field === 'company_id' ? 'company' : error.field === 'template_name' ? 'templateName' : error.field;
        setServerErrors({ [field]: text });
      }
      toast.error(text);
    }
  };

  const noTemplates = templates.isSuccess && available.length === 0;
  return (
    <Modal
      open
      onClose={onClose}
      busy={save.isPending}
      size="lg"
      title={campaign ? t('form.editTitle') : t('form.newTitle')}
      description={t('form.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('form.cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={save.isPending || noTemplates} aria-busy={save.isPending}>
            {save.isPending ? t('form.saving') : t('form.saveDraft')}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label={t('form.name')} required error={errorOf('name')}>
          {({ id, describedBy, invalid, required }) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              invalid={invalid}
              required={required}
              maxLength={120}
              value={values.name}
              onChange={(event) => set({ name: event.target.value })}
            />
          )}
        </Field>

        <Field
          label={t('form.template')}
          required
          error={errorOf('templateName')}
          hint={
            noTemplates
              ? t(templates.data?.unavailable ? 'form.noBusinessAccount' : 'form.noTemplates')
              : template
                ? t('form.templateHint', { languages: template.languages.join(', ') })
                : undefined
          }
        >
          {({ id, describedBy, invalid, required }) => (
            <Select
              id={id}
              aria-describedby={describedBy}
              invalid={invalid}
              required={required}
              value={values.templateName}
              disabled={!templates.isSuccess}
              onChange={(event) => {
                const chosen = available.find((candidate) => candidate.name === event.target.value);
                set({ templateName: event.target.value, parameters: fitParameters(values.parameters, chosen) });
              }}
            >
              <option value="">{templates.isLoading ? t('form.loadingTemplates') : t('form.chooseTemplate')}</option>
              {available.map((candidate) => (
                <option key={candidate.name} value={candidate.name}>
                  {candidate.name} ({t(`category.${candidate.category}`, { defaultValue: candidate.category })})
                </option>
              ))}
            </Select>
          )}
        </Field>
        {templates.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {campaignErrorText(templates.error)}
          </p>
        )}

        {values.parameters.map((parameter, index) => (
          <Field
            key={index}
            label={t('form.parameter', { number: index + 1 })}
            required
            error={errorOf(`parameters.${index}`) ?? (index === 0 ? serverErrors.parameters : undefined)}
          >
            {({ id, describedBy, invalid, required }) => (
              <Input
                id={id}
                aria-describedby={describedBy}
                invalid={invalid}
                required={required}
                maxLength={500}
                value={parameter}
                onChange={(event) =>
                  set({
                    parameters: values.parameters.map((old, at) => (at === index ? event.target.value : old)),
                  })
                }
              />
            )}
          </Field>
        ))}

        <Field label={t('form.audience')} required error={errorOf('company')} hint={t('form.audienceHint')}>
          {({ id, describedBy, invalid, required }) => (
            <Select
              id={id}
              aria-describedby={describedBy}
              invalid={invalid}
              required={required}
              value={values.company}
              onChange={(event) => set({ company: event.target.value })}
            >
              <option value="">{t('form.chooseCompany')}</option>
              {mayTargetCampaignAudience(actor, null) && <option value={ALL_COMPANIES}>{t('allCompanies')}</option>}
              {companyChoices.map((company) => (
                <option key={company.id} value={String(company.id)}>
                  {company.name}
                </option>
              ))}
            </Select>
          )}
        </Field>

        <section aria-labelledby="campaign-preview-title">
          <h3 id="campaign-preview-title" className="text-sm font-medium text-slate-700 dark:text-slate-200">
            {t('form.preview')}
          </h3>
          <p
            data-testid="campaign-preview"
            className="mt-1 min-h-10 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-100"
          >
            {campaignPreview(template, values.parameters) || t('form.previewEmpty')}
          </p>
          {template && template.languages.length < 3 && (
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t('form.fallbackNote')}</p>
          )}
        </section>
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
