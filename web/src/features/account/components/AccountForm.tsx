import { Alert, Button, Checkbox, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import type { UserDetail } from '@vigilo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { changeLanguage, supportedLanguages } from '../../../lib/i18n.ts';
import { useFormDraft } from '../../../lib/use-form-draft.ts';
import { useUpdateAccount } from '../api/update-account.ts';

/** The notification choices kept in the user's preferences (`preferences.notifications`). */
export const notificationKeys = ['newReports', 'followUps', 'requests'] as const;
type Notifications = Record<(typeof notificationKeys)[number], boolean>;

const ids = {
  firstName: 'account-first-name',
  lastName: 'account-last-name',
  language: 'account-language',
} as const;

function readNotifications(preferences: Record<string, unknown> | undefined): Notifications {
  const stored = (preferences?.notifications ?? {}) as Partial<Notifications>;
  return {
    newReports: stored.newReports ?? true,
    followUps: stored.followUps ?? true,
    requests: stored.requests ?? true,
  };
}

/**
 * Name, language and notification preferences. Validated on submit (GOV.UK); saving a
 * language switches the interface to it too.
 */
export function AccountForm({
  user,
  onErrorsChange,
}: {
  user: UserDetail;
  onErrorsChange: (has: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateAccount();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [language, setLanguage] = useState(user.language);
  const [notifications, setNotifications] = useState(readNotifications(user.preferences));
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submits, setSubmits] = useState(0);
  // Unsaved changes outlive a session that times out (decision 0038).
  const draft = useFormDraft('account', { firstName, lastName, language, notifications }, (kept) => {
    setFirstName(kept.firstName);
    setLastName(kept.lastName);
    setLanguage(kept.language);
    setNotifications(kept.notifications);
  });
  const errorFor = (id: string) => errors.find((e) => e.fieldId === id)?.message;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrorItem[] = [];
    if (!firstName.trim())
      found.push({ fieldId: ids.firstName, message: t('account.errors.firstNameMissing') });
    if (!lastName.trim()) found.push({ fieldId: ids.lastName, message: t('account.errors.lastNameMissing') });
    setErrors(found);
    setSubmits((n) => n + 1);
    onErrorsChange(found.length > 0);
    if (found.length) return;
    update.mutate(
      {
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        language,
        preferences: { ...(user.preferences ?? {}), notifications },
      },
      {
        onSuccess: () => {
          draft.clear();
          if (supportedLanguages.some((l) => l.code === language) && i18n.resolvedLanguage !== language) {
            void changeLanguage(i18n, language as (typeof supportedLanguages)[number]['code']);
          }
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        <ErrorSummary title={t('common.errorSummaryTitle')} errors={errors} focusKey={submits} />
        <div aria-live="polite">
          {draft.restored ? (
            <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
              {t('session.draftRestored')}
            </Alert>
          ) : null}
          {update.isSuccess ? (
            <Alert color="green" icon={<IconCheck aria-hidden />}>
              {t('account.saved')}
            </Alert>
          ) : null}
          {update.isError ? (
            <Alert color="red" title={t('account.saveFailed')}>
              {apiErrorMessage(update.error, t)}
            </Alert>
          ) : null}
        </div>
        <Paper withBorder p="lg" component="fieldset">
          <Title order={2} size="h3" component="legend" mb="sm">
            {t('account.details')}
          </Title>
          <Stack gap="md">
            <TextInput
              id={ids.firstName}
              label={t('account.firstName')}
              autoComplete="given-name"
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              error={errorFor(ids.firstName)}
            />
            <TextInput
              id={ids.lastName}
              label={t('account.lastName')}
              autoComplete="family-name"
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
              error={errorFor(ids.lastName)}
            />
            <Select
              id={ids.language}
              label={t('account.language')}
              description={t('account.languageHint')}
              data={supportedLanguages.map((l) => ({ value: l.code, label: l.name }))}
              value={language}
              onChange={(value) => value && setLanguage(value)}
              allowDeselect={false}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="lg" component="fieldset">
          <Title order={2} size="h3" component="legend" mb="sm">
            {t('account.notifications.title')}
          </Title>
          <Stack gap="sm">
            {notificationKeys.map((key) => (
              <Checkbox
                key={key}
                label={t(`account.notifications.${key}`)}
                checked={notifications[key]}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  setNotifications((n) => ({ ...n, [key]: checked }));
                }}
              />
            ))}
          </Stack>
        </Paper>
        <div>
          <Button type="submit" loading={update.isPending}>
            {t('account.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
