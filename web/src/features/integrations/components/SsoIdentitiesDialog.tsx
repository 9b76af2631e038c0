import { ActionIcon, Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconTrash } from '@tabler/icons-react';
import type { SsoProvider } from '@vigilo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useChangeProviderIdentities, useProviderIdentities } from '../api/provider-identities.ts';
import { useFormErrors } from './form-errors.ts';
import { ListSkeleton } from './LoadState.tsx';

const ids = { email: 'sso-link-email', subject: 'sso-link-subject' } as const;

/**
 * The accounts linked to a provider, for its administrators: each link with its subject and
 * last sign-in, a way to unlink it, and a form to link an account (an administrator-approved
 * mapping: the account's email and its subject at the provider).
 */
export function SsoIdentitiesDialog({ provider, onClose }: { provider: SsoProvider; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const identities = useProviderIdentities(provider.id);
  const { link, unlink } = useChangeProviderIdentities(provider.id);
  const [email, setEmail] = useState('');
  const [subject, setSubject] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const form = useFormErrors();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const found: FieldErrorItem[] = [];
    if (!email.trim())
      found.push({ fieldId: ids.email, message: t('integrations.sso.identities.errors.emailMissing') });
    if (!subject.trim())
      found.push({ fieldId: ids.subject, message: t('integrations.sso.identities.errors.subjectMissing') });
    if (!form.check(found)) return;
    link.mutate(
      { email: email.trim(), subject: subject.trim() },
      {
        onSuccess: () => {
          setEmail('');
          setSubject('');
          setNotice(t('integrations.sso.identities.added'));
        },
      },
    );
  }

  const failure = link.isError ? link.error : unlink.isError ? unlink.error : null;
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('integrations.sso.identities.title', { name: provider.name })}
    >
      <Stack gap="md">
        <Text c="dimmed">{t('integrations.sso.identities.lead')}</Text>
        {notice ? (
          <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
            {notice}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(failure, t)}
          </Alert>
        ) : null}
        {identities.isPending ? (
          <ListSkeleton />
        ) : identities.isError ? (
          <LoadError
            title={t('integrations.sso.identities.loadFailed')}
            error={identities.error}
            retrying={identities.isFetching}
            onRetry={() => void identities.refetch()}
          />
        ) : identities.data.length === 0 ? (
          <Text>{t('integrations.sso.identities.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table
              verticalSpacing="xs"
              aria-label={t('integrations.sso.identities.title', { name: provider.name })}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('integrations.sso.identities.columns.account')}</Table.Th>
                  <Table.Th scope="col">{t('integrations.sso.identities.columns.subject')}</Table.Th>
                  <Table.Th scope="col">{t('integrations.sso.identities.columns.lastSignIn')}</Table.Th>
                  <Table.Th scope="col">{t('integrations.common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {identities.data.map((identity) => (
                  <Table.Tr key={identity.id}>
                    <Table.Td>{identity.userEmail}</Table.Td>
                    <Table.Td>
                      <Text ff="monospace" size="sm">
                        {identity.subject}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDate(identity.lastLoginAt, i18n.language)}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        loading={unlink.isPending && unlink.variables === identity.id}
                        aria-label={t('integrations.sso.identities.remove', { email: identity.userEmail })}
                        onClick={() => {
                          setNotice(null);
                          unlink.mutate(identity.id, {
                            onSuccess: () => setNotice(t('integrations.sso.identities.removed')),
                          });
                        }}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <form noValidate onSubmit={handleSubmit}>
          <Stack gap="sm">
            <ErrorSummary
              title={t('common.errorSummaryTitle')}
              errors={form.errors}
              focusKey={form.submitCount}
            />
            <TextInput
              id={ids.email}
              type="email"
              label={t('integrations.sso.identities.email')}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={form.errorFor(ids.email)}
              autoComplete="off"
            />
            <TextInput
              id={ids.subject}
              label={t('integrations.sso.identities.subject')}
              description={t('integrations.sso.identities.subjectHint')}
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              error={form.errorFor(ids.subject)}
              spellCheck={false}
              autoCapitalize="none"
            />
            <Group justify="space-between">
              <Button type="submit" loading={link.isPending}>
                {t('integrations.sso.identities.add')}
              </Button>
              <Button variant="default" onClick={onClose}>
                {t('integrations.sso.identities.close')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
