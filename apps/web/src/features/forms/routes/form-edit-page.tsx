import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { useForm } from '../api/get-form';
import { AccessDenied, BackButton, DetailFailed, DetailSkeleton, FormNotFound } from '../components/detail-parts';
import { FormMetadataForm } from '../components/form-metadata-form';
import { useFormRights } from '../components/use-form-rights';
import { isForbidden, isMissingForm } from '../lib/form-errors';
import { parseId } from '../lib/forms-browse';
import { goBack } from '../lib/go-back';

/** /forms/:id/edit: the form's metadata (the file cannot change); its uploader or a holder of manage_forms. */
export function Component() {
  const { id } = useParams();
  return <FormEdit key={id} id={parseId(id)} />;
}

function FormEdit({ id }: { id: number | null }) {
  const { t } = useTranslation('form-editor');
  const rights = useFormRights();
  const form = useForm(id);
  const navigate = useNavigate();
  const back = <BackButton fallback={id === null ? '/forms' : `/forms/${id}`} />;
  const refused = <AccessDenied back={back} title={t('edit.deniedTitle')} message={t('edit.denied')} />;

  if (id === null || (form.isError && isMissingForm(form.error))) return <FormNotFound />;
  if (form.data === undefined) {
    if (form.isError && isForbidden(form.error)) return refused;
    return form.isError ? (
      <DetailFailed message={t('detail.loadFailed')} back={back} onRetry={() => void form.refetch()} />
    ) : (
      <DetailSkeleton label={t('detail.loading')} />
    );
  }
  if (!rights.edit(form.data)) return refused;

  return (
    <div className="mx-auto w-full max-w-3xl space-y-5">
      {back}
      <PageHeader eyebrow={t('detail.eyebrow')} title={t('edit.title')} description={form.data.title} />
      <Card className="p-5">
        <FormMetadataForm
          mode="edit"
          form={form.data}
          onSaved={(saved) => void navigate(`/forms/${saved.id}`, { replace: true })}
          onCancel={() => goBack(navigate, `/forms/${form.data.id}`)}
        />
      </Card>
    </div>
  );
}
