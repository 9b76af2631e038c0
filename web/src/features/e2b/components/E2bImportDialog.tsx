import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { FieldError } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { fieldErrorText } from '../../../lib/server-errors.ts';
import { type E2bImportResult, useLoadE2bFile } from '../api/load-e2b-file.ts';

/** The largest file the server takes by default (E2B_MAX_BYTES, decision 0096). */
const MAX_BYTES = 20 * 1024 * 1024;

/** `body/file/cases/0/C/reportType` → `C/reportType`: where in the case the value is. */
const placeOf = (field: string) => field.replace(/^body\/file\/cases\/\d+\//, '');

function Summary({ result }: { result: E2bImportResult }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="e2b-import-result">
      <Alert color={result.failed.length ? 'yellow' : 'green'} role="status">
        {t('e2b.import.created', { count: result.created.length })}
        {result.failed.length ? ` ${t('e2b.import.failedCount', { count: result.failed.length })}` : ''}
      </Alert>
      {result.created.map((c) => {
        const errors = c.findings.filter((f) => f.severity === 'error');
        return (
          <Stack key={c.id} gap={4}>
            <Group gap="xs">
              <Title order={3} size="h5">
                {t('e2b.import.case', { number: c.index + 1, reference: c.reference })}
              </Title>
              {c.senderSafetyReportId ? <Text size="sm">{c.senderSafetyReportId}</Text> : null}
              <Anchor component={Link} to={`/cases/${c.id}?tab=e2b`} size="sm">
                {t('e2b.case.open')}
              </Anchor>
              <Badge color={errors.length ? 'yellow' : 'green'} variant="light">
                {t('e2b.import.findings', { count: errors.length })}
              </Badge>
            </Group>
            {errors.length ? (
              <List size="sm">
                {errors.map((f) => (
                  <List.Item key={`${f.rule} ${f.casePath ?? ''} ${f.message}`}>
                    {f.dataElement ? <strong>{f.dataElement} </strong> : null}
                    {f.message}
                  </List.Item>
                ))}
              </List>
            ) : null}
            {c.unmapped.length ? (
              <Text size="sm" c="dimmed">
                {t('e2b.import.unmapped', { count: c.unmapped.length })}
              </Text>
            ) : null}
          </Stack>
        );
      })}
      {result.failed.map((f) => (
        <Alert key={f.index} color="red" title={t('e2b.import.notStored', { number: f.index + 1 })}>
          <List size="sm">
            {f.fields.map((field) => (
              <List.Item key={field.field}>
                {t('common.labelled', { label: placeOf(field.field) })}{' '}
                {fieldErrorText(field as FieldError, t, placeOf(field.field))}
              </List.Item>
            ))}
          </List>
        </Alert>
      ))}
    </Stack>
  );
}

/**
 * Import an E2B(R3) file (issue 14): one case per message becomes a report; the bar shows the
 * upload, the summary what was created (with each case's ICH findings) and what was not.
 */
export function E2bImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [tried, setTried] = useState(false);
  const load = useLoadE2bFile(setProgress);
  const tooLarge = file !== null && file.size > MAX_BYTES;
  const close = () => {
    load.reset();
    setFile(null);
    setProgress(0);
    setTried(false);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('e2b.import.title')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('e2b.import.lead')}</Text>
        <FileInput
          id="e2b-file"
          label={t('e2b.import.file')}
          description={t('e2b.import.fileHint')}
          accept=".xml,application/xml,text/xml"
          value={file}
          onChange={(f) => {
            load.reset();
            setProgress(0);
            setFile(f);
          }}
          clearable
          error={
            tried && !file ? t('e2b.import.chooseFile') : tooLarge ? t('e2b.import.tooLarge') : undefined
          }
        />
        {load.isPending || load.isSuccess ? (
          <Progress
            value={Math.round(progress * 100)}
            aria-label={t('e2b.import.progress')}
            animated={load.isPending}
          />
        ) : null}
        {load.isError ? (
          <Alert color="red" title={t('e2b.import.refused')} role="alert" data-testid="e2b-refused">
            {apiErrorMessage(load.error, t)}
          </Alert>
        ) : null}
        {load.data ? <Summary result={load.data} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {load.isSuccess ? t('e2b.import.close') : t('e2b.import.cancel')}
          </Button>
          {load.isSuccess ? null : (
            <Button
              loading={load.isPending}
              onClick={() => {
                setTried(true);
                if (!file || tooLarge) return;
                load.mutate(file);
              }}
            >
              {t('e2b.import.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
