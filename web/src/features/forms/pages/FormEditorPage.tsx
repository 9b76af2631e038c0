import { Alert, Anchor, Skeleton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { FormSchema, FormView } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useMe } from '../../profile/api/get-me.ts';
import { useFormSchema } from '../api/get-schema.ts';
import { useFormView } from '../api/get-view.ts';
import { FormEditor } from '../components/FormEditor.tsx';
import { useFormsTexts } from '../texts/use-forms-texts.ts';

/** The fields of a form as its published version froze them: what a reader who may not edit sees. */
function publishedSchema(view: FormView): FormSchema | undefined {
  const definition = view.published?.definition;
  if (!definition) return undefined;
  return {
    id: view.formSchemaId,
    platformId: view.platformId,
    organisationId: view.organisationId,
    key: view.key,
    name: view.name,
    description: '',
    reportType: definition.reportType,
    fields: definition.fields,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
    version: 0,
  };
}

/** /admin/forms/:id: edit a form, preview it, publish a version, move it as a zip. */
export function FormEditorPage() {
  useFormsTexts();
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const view = useFormView(id);
  const me = useMe();
  // A platform-wide form is changed by the platform's administrators only (decision 0065);
  // an organisation's administrator reads its published version (the schema is not theirs).
  const platformAdmin = me.data?.memberships.some(
    (m) => m.organisationId === null && (m.role === 'platform_admin' || m.role === 'system_admin'),
  );
  const canEdit = view.data ? view.data.organisationId !== null || Boolean(platformAdmin) : false;
  const schema = useFormSchema(me.data && canEdit ? view.data?.formSchemaId : undefined);
  const readable = view.data && me.data && !canEdit ? publishedSchema(view.data) : undefined;
  const error = view.error ?? schema.error;
  return (
    <>
      <Anchor
        component={Link}
        to="/admin/forms"
        mb="md"
        display="inline-flex"
        style={{ gap: 4, alignItems: 'center' }}
      >
        <IconArrowLeft size={16} aria-hidden />
        {t('forms.back')}
      </Anchor>
      {error ? (
        <>
          <PageHeader title={t('forms.title')} />
          <Alert color="red" title={t('forms.loadFailed')}>
            {apiErrorMessage(error, t)}
          </Alert>
        </>
      ) : view.data && me.data && (schema.data ?? readable) ? (
        <FormEditor
          key={view.data.id}
          view={view.data}
          schema={(schema.data ?? readable)!}
          canEdit={canEdit}
        />
      ) : (
        <Skeleton height={240} aria-label={t('common.loading')} />
      )}
    </>
  );
}
