import { Alert, Button, FileInput, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { RoleName } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { sessionRoles } from '../../../lib/roles.ts';
import { useMe } from '../../profile/api/get-me.ts';
import { useRecordAcknowledgement } from '../api/record-acknowledgement.ts';

type Status = 'received' | 'sent';

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
  const [done, setDone] = useState(false);
  const me = useMe();
  if (!me.data || !sessionRoles(me.data).some((role) => recorders.includes(role))) return null;
  if (!open)
    return (
      <Group>
        {done ? (
          <Text role="status" fw={500}>
            {t('e2b.record.done')}
          </Text>
        ) : null}
        <Button
          variant="default"
          onClick={() => {
            setOpen(true);
            setDone(false);
          }}
        >
          {t('e2b.record.open')}
        </Button>
      </Group>
    );
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return setMissing(true);
    try {
      await record.mutateAsync({ ack: await file.text(), status });
      setOpen(false);
      setFile(null);
      setDone(true);
    } catch {
      // Shown below from the mutation's error.
    }
  };
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
          error={missing ? t('e2b.record.chooseFile') : undefined}
          clearable
          required
        />
        {record.isError ? (
          <Alert color="red" role="alert" title={t('e2b.record.refused')}>
            {apiErrorMessage(record.error, t)}
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
