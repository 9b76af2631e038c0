import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ChangeRequest, RoleName } from '@vigilo/contract';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { InlinePanel } from '../../../components/ui/InlinePanel.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/dates.ts';
import { roleLabelKey } from '../../../lib/roles.ts';
import { useApproveChangeRequest } from '../api/approve-change-request.ts';
import { useDeclineChangeRequest } from '../api/decline-change-request.ts';
import { useCommitPreview } from '../api/get-commit-preview.ts';

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A value in words: roles by their label, lists joined, objects as JSON. */
function show(value: unknown, isRole: boolean, t: TFunction): string {
  if (isEmpty(value)) return t('users.changeRequests.empty_value');
  const word = (v: unknown) =>
    isRole ? t(roleLabelKey(String(v) as RoleName), { defaultValue: String(v) }) : String(v);
  if (Array.isArray(value)) return value.map(word).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : word(value);
}

/** The field's label: `roles@<organisation>` is the membership diff, the rest are user fields. */
function fieldLabel(field: string, t: TFunction): string {
  if (field.startsWith('roles@'))
    return t('users.changeRequests.fields.rolesIn', { organisation: field.slice(6) });
  return t(`users.changeRequests.fields.${field}`, { defaultValue: field });
}

/** The diff of one request: field, value now → value after approval. */
function DiffTable({ id, captionId }: { id: string; captionId: string }) {
  const { t } = useTranslation();
  const preview = useCommitPreview(id);
  if (preview.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (preview.isError) return <Alert color="red">{t('users.changeRequests.previewFailed')}</Alert>;
  return (
    <Table withTableBorder aria-labelledby={captionId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('users.changeRequests.field')}</Table.Th>
          <Table.Th scope="col">{t('users.changeRequests.old')}</Table.Th>
          <Table.Th scope="col">{t('users.changeRequests.new')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {preview.data.changes.map((change) => {
          const isRole = change.field === 'role' || change.field.startsWith('roles@');
          return (
            <Table.Tr key={change.field}>
              <Table.Th scope="row">{fieldLabel(change.field, t)}</Table.Th>
              <Table.Td>
                {isEmpty(change.old) ? show(change.old, isRole, t) : <del>{show(change.old, isRole, t)}</del>}
              </Table.Td>
              <Table.Td>
                <ins>{show(change.new, isRole, t)}</ins>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** One request of the queue: who, what (the diff), and approve / decline with a message. */
export function ChangeRequestCard({
  request,
  onDecided,
}: {
  request: ChangeRequest;
  /** Told the outcome, so the page can keep saying it after the card leaves a filtered list. */
  onDecided?: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const approve = useApproveChangeRequest();
  const decline = useDeclineChangeRequest();
  const [declining, setDeclining] = useState(false);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submits, setSubmits] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const decided = (message: string) => {
    setDone(message);
    onDecided?.(message);
  };
  const titleId = `cr-${request.id}-title`;
  const captionId = `cr-${request.id}-diff`;
  const messageId = `cr-${request.id}-message`;
  const pending = request.status === 'pending' && !done;

  function submitDecline(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = message.trim()
      ? []
      : [{ fieldId: messageId, message: t('users.changeRequests.declineMissing') }];
    setErrors(found);
    setSubmits((n) => n + 1);
    if (found.length) return;
    decline.mutate(
      { request, message: message.trim() },
      { onSuccess: () => decided(t('users.changeRequests.declined')) },
    );
  }

  return (
    <Paper withBorder p="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id={titleId}>
            {t('common.labelled', { label: t(`users.changeRequests.kind.${request.kind}`) })}{' '}
            {request.userName || request.userEmail}
          </Title>
          <Badge
            color={request.status === 'pending' ? 'orange' : request.status === 'approved' ? 'green' : 'gray'}
          >
            {t(`users.changeStatus.${request.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {request.userEmail} ·{' '}
          {t('users.changeRequests.requestedOn', {
            date: formatDate(request.createdAt, i18n.language),
            organisation: request.organisationName,
          })}
        </Text>
        {request.message ? (
          <Text>
            <strong>{t('common.labelled', { label: t('users.changeRequests.message') })}</strong>{' '}
            {request.message}
          </Text>
        ) : null}
        <Text fw={600} id={captionId}>
          {t('users.changeRequests.diffCaption')}
        </Text>
        <DiffTable id={request.id} captionId={captionId} />
        {request.rejectionMessage ? (
          <Text>{t('users.changeRequests.rejection', { message: request.rejectionMessage })}</Text>
        ) : null}
        <div aria-live="polite">
          {done ? (
            <Alert color="green" icon={<IconCheck aria-hidden />}>
              {done}
            </Alert>
          ) : null}
          {approve.isError || decline.isError ? (
            <Alert color="red" title={t('users.detail.actionFailed')}>
              {apiErrorMessage(approve.error ?? decline.error, t)}
            </Alert>
          ) : null}
        </div>
        {pending ? (
          declining ? (
            <InlinePanel>
              <form noValidate onSubmit={submitDecline}>
                <Stack gap="sm">
                  <ErrorSummary title={t('common.errorSummaryTitle')} errors={errors} focusKey={submits} />
                  <Textarea
                    id={messageId}
                    label={t('users.changeRequests.declineLabel')}
                    description={t('users.changeRequests.declineHint')}
                    value={message}
                    onChange={(e) => setMessage(e.currentTarget.value)}
                    error={errors[0]?.message}
                    rows={4}
                  />
                  <Group>
                    <Button type="submit" color="red" loading={decline.isPending}>
                      {t('users.changeRequests.sendDecline')}
                    </Button>
                    <Button variant="default" onClick={() => setDeclining(false)}>
                      {t('users.detail.cancel')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            </InlinePanel>
          ) : (
            <Group>
              <Button
                leftSection={<IconCheck size={18} aria-hidden />}
                loading={approve.isPending}
                onClick={() =>
                  approve.mutate(request, { onSuccess: () => decided(t('users.changeRequests.approved')) })
                }
              >
                {t('users.changeRequests.approve')}
              </Button>
              <Button
                id={`decline-${request.id}`}
                variant="outline"
                color="red"
                leftSection={<IconX size={18} aria-hidden />}
                onClick={() => setDeclining(true)}
              >
                {t('users.changeRequests.decline')}
              </Button>
            </Group>
          )
        ) : null}
      </Stack>
    </Paper>
  );
}
