import { Alert, Button, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import type { OrganisationInviteCreate } from '@vigilo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { roleLabelKey } from '../../../lib/roles.ts';
import { useCreateInvite } from '../api/create-invite.ts';
import { InviteRefusal } from './InviteRefusal.tsx';

const roles = ['reporter', 'organisation_staff', 'organisation_admin', 'assessor'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Invite by email with a role; the organisation is the page's. */
export function InviteForm({
  organisationId,
  onErrorsChange,
}: {
  organisationId: string | null;
  onErrorsChange?: (hasErrors: boolean) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<(typeof roles)[number]>('organisation_staff');
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submits, setSubmits] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrorItem[] = [];
    const address = email.trim();
    if (!organisationId)
      found.push({ fieldId: 'invite-organisation', message: t('invites.form.errors.organisationMissing') });
    if (!address) found.push({ fieldId: 'invite-email', message: t('invites.form.errors.emailMissing') });
    else if (!EMAIL.test(address))
      found.push({ fieldId: 'invite-email', message: t('invites.form.errors.emailFormat') });
    setErrors(found);
    setSubmits((n) => n + 1);
    onErrorsChange?.(found.length > 0);
    if (found.length || !organisationId) return;
    setSentTo(null);
    const body: OrganisationInviteCreate = { email: address, role, organisationId };
    create.mutate(body, {
      onSuccess: () => {
        setSentTo(address);
        setEmail('');
      },
    });
  }

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="invite-form-title">
      <Title order={2} size="h3" id="invite-form-title" mb="sm">
        {t('invites.form.title')}
      </Title>
      <form noValidate onSubmit={handleSubmit}>
        <Stack gap="md">
          <ErrorSummary title={t('common.errorSummaryTitle')} errors={errors} focusKey={submits} />
          {sentTo ? (
            <Alert color="green" role="status">
              {t('invites.form.sent', { email: sentTo })}
            </Alert>
          ) : null}
          {create.isError ? (
            <InviteRefusal
              error={create.error}
              organisationId={organisationId}
              onResent={(address) => {
                create.reset();
                setSentTo(address);
                setEmail('');
              }}
            />
          ) : null}
          <TextInput
            id="invite-email"
            type="email"
            autoComplete="off"
            label={t('invites.form.email')}
            description={t('invites.form.emailHint')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.find((e) => e.fieldId === 'invite-email')?.message}
            maw={480}
          />
          <Select
            id="invite-role"
            label={t('invites.form.role')}
            data={roles.map((r) => ({ value: r, label: t(roleLabelKey(r)) }))}
            value={role}
            onChange={(v) => v && setRole(v as (typeof roles)[number])}
            allowDeselect={false}
            maw={480}
          />
          <div>
            <Button type="submit" loading={create.isPending}>
              {t('invites.form.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
