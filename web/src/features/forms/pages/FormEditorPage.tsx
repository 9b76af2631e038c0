import { Alert, Anchor, Skeleton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useMe } from '../../profile/api/get-me.ts';
import { useFormSchema } from '../api/get-schema.ts';
import { useFormView } from '../api/get-view.ts';
import { FormEditor } from '../components/FormEditor.tsx';
import { useFormsTexts } from '../texts/use-forms-texts.ts';

/** /admin/forms/:id: edit a form, preview it, publish a version, move it as a zip. */
export function FormEditorPage() {
  useFormsTexts();
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const view = useFormView(id);
  const schema = useFormSchema(view.data?.formSchemaId);
  const me = useMe();
  // A platform-wide form is changed by the platform's administrators only (decision 0065).
  const platformAdmin = me.data?.memberships.some(
    (m) => m.organisationId === null && (m.role === 'platform_admin' || m.role === 'system_admin'),
  );
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
        <Alert color="red" title={t('forms.loadFailed')}>
          {apiErrorMessage(error, t)}
        </Alert>
      ) : view.data && schema.data && me.data ? (
        <FormEditor
          key={view.data.id}
          view={view.data}
          schema={schema.data}
          canEdit={view.data.organisationId !== null || Boolean(platformAdmin)}
        />
      ) : (
        <Skeleton height={240} aria-label={t('common.loading')} />
      )}
    </>
  );
}
