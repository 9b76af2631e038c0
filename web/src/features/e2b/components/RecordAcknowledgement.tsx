import { Alert, Button, FileInput, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { RoleName } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, readApiFailure } from '../../../lib/api-errors.ts';
import { sessionRoles } from '../../../lib/roles.ts';
import { useMe } from '../../profile/api/get-me.ts';
import { useKeepUnmatched } from '../api/keep-unmatched.ts';
import { useRecordAcknowledgement } from '../api/record-acknowledgement.ts';

type Status = 'received' | 'sent';

/**
 * The schema's own lines for the file ("line 3: Element … is not expected"), every one the
 * server gave: what the user needs to mend the file (issue 25 item 2), shown as given beside it.
 */
function schemaLines(error: unknown): string[] {
  const fields = (error as { body?: { meta?: { fields?: unknown } } } | null)?.body?.meta?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((f) => {
    const { field, message } = (f ?? {}) as { field?: unknown; message?: unknown };
    return typeof message === 'string' && typeof field === 'string' && field.startsWith('body/ack')
      ? [message]
      : [];
  });
}

/** Who may record one (the acknowledgements policy's `create`); assessors only read them. */
const recorders: readonly RoleName[] = [
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
];

/**
 * "Record an acknowledgement": for an ICH acknowledgement that came or went outside Vigilo
 * (e-mail, a regulator's portal). The XML file is read in the browser and sent as `ack`;
 * a refusal (not XML, not an acknowledgement, hostile) is shown in words.
 */
export function RecordAcknowledgement({ reportId }: { reportId: string }) {
  const { t } = useTranslation();
  const record = useRecordAcknowledgement(reportId);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<Status>('received');
  const [missing, setMissing] = useState(false);
  const [done, setDone] = useState<'recorded' | 'kept' | null>(null);
  const keep = useKeepUnmatched();
  const me = useMe();
  if (!me.data || !sessionRoles(me.data).some((role) => recorders.includes(role))) return null;
  if (!open)
    return (
      <Group>
        {done ? (
          <Text role="status" fw={500}>
            {t(done === 'kept' ? 'e2b.record.keptUnmatched' : 'e2b.record.done')}
          </Text>
        ) : null}
        <Button
          variant="default"
          onClick={() => {
            setOpen(true);
            setDone(null);
          }}
        >
          {t('e2b.record.open')}
        </Button>
      </Group>
    );
  const finish = (how: 'recorded' | 'kept') => {
    setOpen(false);
    setFile(null);
    setDone(how);
    record.reset();
  };
  const send = async (confirm?: true) => {
    if (!file) return setMissing(true);
    try {
      await record.mutateAsync({ ack: await file.text(), status, ...(confirm ? { confirm } : {}) });
      finish('recorded');
    } catch {
      // Shown below from the mutation's error.
    }
  };
  const keepUnmatched = async () => {
    if (!file) return;
    try {
      await keep.mutateAsync({ ack: await file.text() });
      finish('kept');
    } catch {
      // Shown below.
    }
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void send();
  };
  const failure = record.isError ? readApiFailure(record.error) : null;
  // It names another case's message (decision 0252): say which, and let the user choose.
  const other = failure?.code === 'ACK_OTHER_MESSAGE';
  const named =
    ((record.error as { body?: { meta?: { messageIds?: unknown } } } | null)?.body?.meta?.messageIds as
      | string[]
      | undefined) ?? [];
  // A refused file: the server's own words (the schema's line and message) beside the file.
  const lines =
    record.isError && !other && failure?.code === 'VALIDATION_FAILED' ? schemaLines(record.error) : [];
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-labelledby="record-ack-title" noValidate>
      <Stack gap="sm">
        <Title order={3} size="h5" id="record-ack-title">
          {t('e2b.record.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('e2b.record.lead')}
        </Text>
        <SegmentedControl
          aria-label={t('e2b.record.direction')}
          value={status}
          onChange={(value) => setStatus(value as Status)}
          data={[
            { value: 'received', label: t('e2b.record.received') },
            { value: 'sent', label: t('e2b.record.sent') },
          ]}
        />
        <FileInput
          label={t('e2b.record.file')}
          description={t('e2b.record.fileHint')}
          accept=".xml,.ack,application/xml,text/xml"
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setMissing(false);
          }}
          error={
            missing ? (
              t('e2b.record.chooseFile')
            ) : lines.length > 0 ? (
              <span data-testid="ack-server-lines">
                {t('common.labelled', { label: t('e2b.record.schemaLines') })} {lines.join(' · ')}
              </span>
            ) : undefined
          }
          clearable
          required
        />
        {other ? (
          <Alert color="yellow" role="alert" title={t('e2b.record.otherTitle')}>
            <Stack gap="xs">
              <Text size="sm">
                {named.length > 0
                  ? t('e2b.record.otherMessage', { ids: named.join(', ') })
                  : t('e2b.record.otherNone')}
              </Text>
              <Group gap="xs">
                <Button
                  size="compact-md"
                  variant="default"
                  loading={keep.isPending}
                  onClick={() => void keepUnmatched()}
                >
                  {t('e2b.record.keepUnmatched')}
                </Button>
                <Button size="compact-md" variant="outline" onClick={() => void send(true)}>
                  {t('e2b.record.confirm')}
                </Button>
              </Group>
              {keep.isError ? <Text size="sm">{apiErrorMessage(keep.error, t)}</Text> : null}
            </Stack>
          </Alert>
        ) : record.isError ? (
          <Alert color="red" role="alert" title={t('e2b.record.refused')}>
            {lines.length > 0 ? t('e2b.record.schema') : apiErrorMessage(record.error, t)}
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button type="submit" loading={record.isPending}>
            {t('e2b.record.submit')}
          </Button>
          <Button
            variant="subtle"
            onClick={() => {
              setOpen(false);
              record.reset();
            }}
          >
            {t('e2b.record.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
