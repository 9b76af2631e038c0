import { Alert, Anchor, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconDownload } from '@tabler/icons-react';
import type { DrugList, DrugListPreview } from '@vigilo/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrganisationScope } from '../../../components/organisation-scope/use-organisation-scope.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { SearchableList, searchTexts } from '../../../components/ui/SearchableList.tsx';
import { type UploadRefusal, UploadWithProgress } from '../../../components/ui/UploadWithProgress.tsx';
import { apiErrorMessage, readApiFailure } from '../../../lib/api-errors.ts';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  DRUGS_PAGE_SIZE,
  listLineErrors,
  useDrugExport,
  useDrugLists,
  useDrugs,
  usePreviewDrugList,
  useUploadDrugList,
} from '../api/drugs.ts';
import { RemovalsDialog } from '../components/RemovalsDialog.tsx';

type ListFiles = { list: File; meta: File | null };

import { useHasRole } from '../api/roles.ts';
import { useRefdataTexts } from '../texts/use-refdata-texts.ts';
import { useListParams } from './list-params.ts';

/** Why a list was refused: its lines (and columns) in words, or the refusal's sentence. */
function refusalOf(error: unknown, t: TFunction): UploadRefusal {
  const lines = listLineErrors(error);
  return {
    title: t('refdata.drugs.refused'),
    testId: 'drugs-refused',
    linesLead: t('refdata.drugs.refusedLines', { count: lines.length }),
    lines: lines.map((l) =>
      l.line === 0
        ? t('refdata.drugs.fileError', { message: l.message })
        : l.column
          ? t('refdata.drugs.cellError', { line: l.line, column: l.column, message: l.message })
          : t('refdata.drugs.lineError', { line: l.line, message: l.message }),
    ),
    message:
      readApiFailure(error).status === 409 ? t('refdata.drugs.versionTaken') : apiErrorMessage(error, t),
  };
}

/** What an upload did, in words: the version, the products held, and what changed. */
function Report({ list }: { list: DrugList }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" role="status" title={t('refdata.drugs.imported')} data-testid="drugs-report">
      <Stack gap={4}>
        <Text size="sm">
          {t('refdata.drugs.importedCounts', {
            count: list.products,
            added: list.added,
            updated: list.updated,
            removed: list.removed,
          })}
        </Text>
        <Text size="sm">
          {list.version
            ? t('refdata.drugs.importedVersion', { version: list.version, file: list.fileName ?? '' })
            : t('refdata.drugs.importedUnlabelled', { file: list.fileName ?? '' })}
        </Text>
      </Stack>
    </Alert>
  );
}

function Upload({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(0);
  const upload = useUploadDrugList(organisationId, setSent);
  const preview = usePreviewDrugList(organisationId, setSent);
  // The files whose upload would remove products, until the administrator says yes or no.
  const [waiting, setWaiting] = useState<{ files: ListFiles; preview: DrugListPreview } | null>(null);
  const failed = upload.isError ? upload.error : preview.isError ? preview.error : null;
  return (
    <>
      <UploadWithProgress
        titleId="drugs-upload-title"
        title={t('refdata.drugs.uploadTitle')}
        lead={t('refdata.drugs.uploadLead')}
        fields={[
          {
            id: 'drugs-list',
            label: t('refdata.drugs.listFile'),
            description: t('refdata.drugs.listFileHint'),
            accept: '.csv,text/csv,text/plain',
            missing: t('refdata.drugs.chooseList'),
          },
          {
            id: 'drugs-meta',
            label: t('refdata.drugs.metaFile'),
            description: t('refdata.drugs.metaFileHint'),
            accept: '.json,application/json',
          },
        ]}
        submitLabel={t('refdata.drugs.upload')}
        upload={{ isPending: preview.isPending || upload.isPending, isSuccess: upload.isSuccess }}
        progress={sent}
        texts={{
          uploading: preview.isPending ? t('refdata.drugs.checking') : t('refdata.drugs.uploading'),
          uploaded: t('refdata.drugs.uploaded'),
          progress: t('refdata.meddra.uploadProgress'),
        }}
        onReset={() => {
          upload.reset();
          preview.reset();
          setSent(0);
        }}
        onSend={(chosen) => {
          const files = { list: chosen['drugs-list']![0]!, meta: chosen['drugs-meta']?.[0] ?? null };
          // What the file would take out is shown first; an upload that removes nothing goes on.
          preview.mutate(files, {
            onSuccess: (answer) => {
              setSent(0);
              if (answer.removed > 0) setWaiting({ files, preview: answer });
              else upload.mutate(files);
            },
          });
        }}
        refusal={failed ? refusalOf(failed, t) : null}
      >
        {upload.isSuccess ? <Report list={upload.data} /> : null}
        {preview.isSuccess && !waiting && !upload.isPending && !upload.isSuccess && !upload.isError ? (
          <Alert color="gray" role="status" data-testid="drugs-kept">
            {t('refdata.drugs.removals.kept')}
          </Alert>
        ) : null}
      </UploadWithProgress>
      <RemovalsDialog
        preview={waiting?.preview ?? null}
        onCancel={() => setWaiting(null)}
        onConfirm={() => {
          if (waiting) upload.mutate(waiting.files);
          setWaiting(null);
        }}
      />
    </>
  );
}

function CurrentList({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation();
  const lists = useDrugLists(organisationId);
  const current = lists.data?.find((l) => l.current);
  if (!current) return null;
  return (
    <Text size="sm" data-testid="drugs-current">
      {t('refdata.drugs.current', {
        version: current.version ?? t('refdata.drugs.unlabelled'),
        source: current.source ?? '—',
        published: current.publishedOn ? formatDate(current.publishedOn, i18n.language) : '—',
        imported: current.importedAt ? formatDateTime(current.importedAt, i18n.language) : '—',
      })}
    </Text>
  );
}

function Products({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const { query, page, go } = useListParams();
  const drugs = useDrugs(organisationId, query, page);
  const exporter = useDrugExport(organisationId);
  const found = drugs.data?.length ?? 0;
  const more = !query && found === DRUGS_PAGE_SIZE;

  return (
    <Stack gap="sm" component="section" aria-labelledby="drugs-list-title">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id="drugs-list-title">
          {t('refdata.drugs.listTitle')}
        </Title>
        <Button
          variant="outline"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={exporter.isPending}
          onClick={() => exporter.mutate()}
        >
          {t('refdata.drugs.export')}
        </Button>
      </Group>
      <CurrentList organisationId={organisationId} />
      {exporter.isError ? (
        <Text c="red" role="alert" size="sm">
          {apiErrorMessage(exporter.error, t)}
        </Text>
      ) : null}
      <SearchableList
        search={{
          ...searchTexts(t, 'refdata.drugs', 'refdata.entries.apply'),
          query,
          onSearch: (q) => go({ q }),
        }}
        state={drugs}
        rows={drugs.data}
        loadFailed={t('refdata.drugs.loadFailed')}
        empty={{
          testId: 'drugs-empty',
          text: query
            ? t('refdata.drugs.noMatch', { query })
            : page > 1
              ? t('refdata.drugs.noMore')
              : t('refdata.drugs.empty'),
        }}
        count={
          query
            ? t('refdata.drugs.found', { count: found })
            : t('refdata.drugs.pageCount', { page, count: found })
        }
        table={{
          label: t('refdata.drugs.table'),
          minWidth: 720,
          columns: [
            t('refdata.drugs.columns.name'),
            t('refdata.drugs.columns.substances'),
            t('refdata.drugs.columns.strength'),
            t('refdata.drugs.columns.doseForm'),
            t('refdata.drugs.columns.authorisation'),
            t('refdata.drugs.columns.code'),
            t('refdata.drugs.columns.idaps'),
          ],
          rowKey: (d) => d.id,
          cells: (d) => (
            <>
              <Table.Td fw={600}>{d.name}</Table.Td>
              <Table.Td>{d.substances.join(', ') || '—'}</Table.Td>
              <Table.Td>{d.strength ?? '—'}</Table.Td>
              <Table.Td>{d.doseForm ?? '—'}</Table.Td>
              <Table.Td>{d.authorisationNumber ?? '—'}</Table.Td>
              <Table.Td>{d.code}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/admin/drugs/${d.id}/idaps`}>
                  <Group gap={4} wrap="nowrap" component="span">
                    <IconChartBar size={16} aria-hidden />
                    {t('refdata.drugs.idaps')}
                    <VisuallyHidden component="span">
                      {t('refdata.drugs.idapsOf', { name: d.name })}
                    </VisuallyHidden>
                  </Group>
                </Anchor>
              </Table.Td>
            </>
          ),
        }}
        paging={{
          shown: !query && (page > 1 || more),
          label: t('refdata.drugs.pagination'),
          page,
          more,
          onPage: (p) => go({ page: p }),
          previousLabel: t('refdata.drugs.previous'),
          nextLabel: t('refdata.drugs.next'),
        }}
      />
    </Stack>
  );
}

/**
 * /admin/drugs (issue 13, decisions 0140–0142): the organisation's product list, searched by
 * name, substance or authorisation number, each product with its IDAPS page; administrators
 * upload a new list (CSV and optional meta file) and read what it did, or why it was refused.
 */
export function DrugsPage() {
  useRefdataTexts();
  const { t } = useTranslation();
  useDocumentTitle(t('refdata.drugs.title'));
  const scope = useOrganisationScope('drugs-organisation');
  const uploader = useHasRole(['organisation_admin', 'platform_admin', 'system_admin']);
  return (
    <>
      <PageHeader title={t('refdata.drugs.title')} lead={t('refdata.drugs.lead')} />
      {scope.picker ? <div style={{ marginBottom: 'var(--mantine-spacing-md)' }}>{scope.picker}</div> : null}
      {scope.organisationId ? (
        <Stack gap="xl">
          {uploader ? <Upload organisationId={scope.organisationId} /> : null}
          <Products key={scope.organisationId} organisationId={scope.organisationId} />
        </Stack>
      ) : scope.picker ? (
        <Text>{t('refdata.drugs.chooseOrganisation')}</Text>
      ) : null}
    </>
  );
}
