import { Alert, Badge, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { MeddraVersion } from '@vigilo/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import {
  LineProblems,
  type UploadRefusal,
  UploadWithProgress,
} from '../../../components/ui/UploadWithProgress.tsx';
import { apiErrorMessage, readApiFailure } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { releaseLineErrors, useMeddraVersions, useUploadMeddraRelease } from '../api/meddra.ts';
import { useHasRole } from '../api/roles.ts';
import { useRefdataTexts } from '../texts/use-refdata-texts.ts';

const statusColour: Record<MeddraVersion['status'], string> = {
  queued: 'gray',
  importing: 'blue',
  ready: 'green',
  failed: 'red',
};

/** A release's problems in words: by file and line, or the file as a whole. */
function problemsOf(
  lines: readonly { file: string; line: number; message: string }[],
  t: TFunction,
): string[] {
  return lines.map((l) =>
    l.line > 0
      ? t('refdata.meddra.lineError', { file: l.file, line: l.line, message: l.message })
      : t('refdata.meddra.fileError', { file: l.file, message: l.message }),
  );
}

/** Why a release was refused, in words: its lines by file and number, or the refusal's sentence. */
function refusalOf(error: unknown, t: TFunction): UploadRefusal {
  const lines = releaseLineErrors(error);
  return {
    title: t('refdata.meddra.refused'),
    testId: 'meddra-refused',
    linesLead: t('refdata.meddra.refusedLines', { count: lines.length }),
    lines: problemsOf(lines, t),
    message:
      readApiFailure(error).status === 409 ? t('refdata.meddra.alreadyImported') : apiErrorMessage(error, t),
  };
}

/** A release's progress bar with its label in words ("Importing: 45%"). */
function VersionProgress({ version }: { version: MeddraVersion }) {
  const { t } = useTranslation();
  const value = version.status === 'ready' ? 100 : version.progress;
  return (
    <Stack gap={2} miw={120}>
      <Progress
        value={value}
        color={statusColour[version.status]}
        aria-label={t('refdata.meddra.progressOf', { version: version.version, language: version.language })}
        animated={version.status === 'importing'}
      />
      <Text size="xs">{t('refdata.meddra.percent', { value })}</Text>
    </Stack>
  );
}

/** The system administrator's import: the files, the upload bar, then the job followed until ready. */
function ImportRelease({ versions }: { versions: MeddraVersion[] }) {
  const { t } = useTranslation();
  const [uploaded, setUploaded] = useState(0);
  const upload = useUploadMeddraRelease(setUploaded);
  const job = upload.data ? (versions.find((v) => v.id === upload.data.id) ?? upload.data) : null;
  return (
    <UploadWithProgress
      mb="lg"
      titleId="meddra-import-title"
      title={t('refdata.meddra.importTitle')}
      lead={t('refdata.meddra.importLead')}
      fields={[
        {
          id: 'meddra-files',
          multiple: true,
          label: t('refdata.meddra.files'),
          description: t('refdata.meddra.filesHint'),
          accept: '.zip,.asc,application/zip,text/plain',
          missing: t('refdata.meddra.chooseFiles'),
        },
      ]}
      submitLabel={t('refdata.meddra.import')}
      upload={upload}
      progress={uploaded}
      texts={{
        uploading: t('refdata.meddra.uploading'),
        uploaded: t('refdata.meddra.uploaded'),
        progress: t('refdata.meddra.uploadProgress'),
      }}
      onReset={() => {
        upload.reset();
        setUploaded(0);
      }}
      onSend={(files) => upload.mutate(files['meddra-files'] ?? [])}
      refusal={upload.isError ? refusalOf(upload.error, t) : null}
    >
      {job ? (
        <Alert
          color={statusColour[job.status]}
          role="status"
          data-testid="meddra-job"
          title={t(`refdata.meddra.job.${job.status}`, { version: job.version, language: job.language })}
        >
          <Stack gap="xs">
            {job.status === 'queued' || job.status === 'importing' ? <VersionProgress version={job} /> : null}
            {job.status === 'failed' && job.errors.length > 0 ? (
              <LineProblems lines={problemsOf(job.errors, t)} />
            ) : null}
          </Stack>
        </Alert>
      ) : null}
    </UploadWithProgress>
  );
}

function VersionsTable({ versions }: { versions: MeddraVersion[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label={t('refdata.meddra.table')} data-testid="meddra-versions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('refdata.meddra.columns.version')}</Table.Th>
            <Table.Th>{t('refdata.meddra.columns.language')}</Table.Th>
            <Table.Th>{t('refdata.meddra.columns.status')}</Table.Th>
            <Table.Th>{t('refdata.meddra.columns.progress')}</Table.Th>
            <Table.Th>{t('refdata.meddra.columns.current')}</Table.Th>
            <Table.Th>{t('refdata.meddra.columns.terms')}</Table.Th>
            <Table.Th>{t('refdata.meddra.columns.finished')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td fw={600}>{v.version}</Table.Td>
              <Table.Td>{v.language}</Table.Td>
              <Table.Td>
                <Badge color={statusColour[v.status]} variant="light">
                  {t(`refdata.meddra.status.${v.status}`)}
                </Badge>
                {v.status === 'failed' && v.errors.length > 0 ? (
                  <LineProblems lines={problemsOf(v.errors, t)} />
                ) : null}
              </Table.Td>
              <Table.Td>
                <VersionProgress version={v} />
              </Table.Td>
              <Table.Td>
                {v.isDefault ? (
                  <Badge color="green" variant="light">
                    {t('refdata.meddra.current')}
                  </Badge>
                ) : (
                  <Text size="sm">{t('refdata.meddra.notCurrent')}</Text>
                )}
              </Table.Td>
              <Table.Td>
                {v.counts.llt !== undefined
                  ? t('refdata.meddra.terms', { llt: v.counts.llt, pt: v.counts.pt ?? 0 })
                  : '—'}
              </Table.Td>
              <Table.Td>{v.finishedAt ? formatDateTime(v.finishedAt, i18n.language) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /admin/meddra (issue 13): the MedDRA releases side by side, with the import of a new one for
 * system administrators (decision 0111: the installation's operator holds the licence).
 */
export function MeddraPage() {
  useRefdataTexts();
  const { t } = useTranslation();
  useDocumentTitle(t('refdata.meddra.title'));
  const versions = useMeddraVersions();
  const importer = useHasRole(['system_admin']);
  return (
    <>
      <PageHeader title={t('refdata.meddra.title')} lead={t('refdata.meddra.lead')} />
      {importer ? <ImportRelease versions={versions.data ?? []} /> : null}
      <Title order={2} size="h3" mb="sm">
        {t('refdata.meddra.versionsTitle')}
      </Title>
      {versions.isPending ? (
        <Loading />
      ) : versions.isError ? (
        <LoadError
          title={t('refdata.meddra.loadFailed')}
          error={versions.error}
          onRetry={() => void versions.refetch()}
          retrying={versions.isFetching}
        />
      ) : versions.data.length === 0 ? (
        <Paper withBorder p="lg" data-testid="meddra-empty">
          <Text fw={600}>{t('refdata.meddra.empty')}</Text>
          <Text mt="xs">{importer ? t('refdata.meddra.emptyImporter') : t('refdata.meddra.emptyHint')}</Text>
        </Paper>
      ) : (
        <VersionsTable versions={versions.data} />
      )}
    </>
  );
}
