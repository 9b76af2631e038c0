import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import type { ApiKeyCreateBody, Application } from '@vigilo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary } from '../../../components/ui/ErrorSummary.tsx';
import { useFormErrors } from './form-errors.ts';

interface ApiKeyFormProps {
  applications: Application[];
  /** The application to preselect (for example the row the user started from). */
  applicationId?: string;
  pending: boolean;
  serverError: string | null;
  onSubmit: (body: ApiKeyCreateBody) => void;
  onCancel: () => void;
  onErrorsChange?: (hasErrors: boolean) => void;
}

const nameId = 'api-key-name';
const DEFAULT = '';

/** A new key: its name and the application it belongs to (the default one unless chosen). */
export function ApiKeyForm(props: ApiKeyFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [applicationId, setApplicationId] = useState<string>(props.applicationId ?? DEFAULT);
  const form = useFormErrors(props.onErrorsChange);
  const options = [
    { value: DEFAULT, label: t('integrations.apiKeys.keyForm.applicationDefault') },
    ...props.applications.map((a) => ({ value: a.id, label: a.application })),
  ];

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const ok = form.check(
      name.trim() ? [] : [{ fieldId: nameId, message: t('integrations.apiKeys.keyForm.nameMissing') }],
    );
    if (ok) props.onSubmit({ name: name.trim(), ...(applicationId ? { applicationId } : {}) });
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <ErrorSummary
          title={t('common.errorSummaryTitle')}
          errors={form.errors}
          focusKey={form.submitCount}
        />
        {props.serverError && form.errors.length === 0 ? (
          <Alert color="red" variant="light" role="alert">
            {props.serverError}
          </Alert>
        ) : null}
        <TextInput
          id={nameId}
          label={t('integrations.apiKeys.keyForm.name')}
          description={t('integrations.apiKeys.keyForm.nameHint')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={form.errorFor(nameId)}
          data-autofocus
        />
        <Select
          label={t('integrations.apiKeys.keyForm.application')}
          data={options}
          value={applicationId}
          onChange={(value) => setApplicationId(value ?? DEFAULT)}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {t('integrations.common.cancel')}
          </Button>
          <Button type="submit" loading={props.pending}>
            {t('integrations.apiKeys.keyForm.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
