import { Alert, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import type { ApplicationCreateBody } from '@vigilo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary } from '../../../components/ui/ErrorSummary.tsx';
import { useFormErrors } from './form-errors.ts';

interface ApplicationFormProps {
  pending: boolean;
  serverError: string | null;
  onSubmit: (body: ApplicationCreateBody) => void;
  onCancel: () => void;
  onErrorsChange?: (hasErrors: boolean) => void;
}

const nameId = 'application-name';

/** A new application of the session's organisation. */
export function ApplicationForm({
  pending,
  serverError,
  onSubmit,
  onCancel,
  onErrorsChange,
}: ApplicationFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [submissionService, setSubmissionService] = useState(false);
  const form = useFormErrors(onErrorsChange);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const ok = form.check(
      name.trim()
        ? []
        : [{ fieldId: nameId, message: t('integrations.apiKeys.applicationForm.nameMissing') }],
    );
    if (ok) onSubmit({ application: name.trim(), submissionServiceUser: submissionService });
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <ErrorSummary
          title={t('common.errorSummaryTitle')}
          errors={form.errors}
          focusKey={form.submitCount}
        />
        {serverError && form.errors.length === 0 ? (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <TextInput
          id={nameId}
          label={t('integrations.apiKeys.applicationForm.name')}
          description={t('integrations.apiKeys.applicationForm.nameHint')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={form.errorFor(nameId)}
          data-autofocus
        />
        <Checkbox
          label={t('integrations.apiKeys.applicationForm.submissionService')}
          checked={submissionService}
          onChange={(e) => setSubmissionService(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('integrations.common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('integrations.common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
