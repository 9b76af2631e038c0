import {
  Alert,
  Anchor,
  Button,
  Center,
  FileInput,
  Group,
  List,
  Loader,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconChartBar, IconDownload, IconSearch, IconUpload } from '@tabler/icons-react';
import type { DrugList } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useOrganisationScope } from '../../../components/organisation-scope/use-organisation-scope.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { apiErrorMessage, readApiFailure } from '../../../lib/api-errors.ts';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  DRUGS_PAGE_SIZE,
  listLineErrors,
  useDrugExport,
  useDrugLists,
  useDrugs,
  useUploadDrugList,
} from '../api/drugs.ts';
import { useHasRole } from '../api/roles.ts';
import { useRefdataTexts } from '../texts/use-refdata-texts.ts';

function Loading() {
  const { t } = useTranslation();
  return (
    <Center p="xl" aria-busy="true">
      <Loader aria-hidden />
      <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
    </Center>
  );
}

/** Why a list was refused: its lines (and columns) in words, or the refusal's sentence. */
function Refusal({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const lines = listLineErrors(error);
  const { status } = readApiFailure(error);
  return (
    <Alert color="red" title={t('refdata.drugs.refused')} role="alert" data-testid="drugs-refused">
      {lines.length > 0 ? (
        <Stack gap="xs">
          <Text size="sm">{t('refdata.drugs.refusedLines', { count: lines.length })}</Text>
          <List size="sm" spacing={2}>
            {lines.map((l) => (
              <List.Item key={`${l.line}:${l.column ?? ''}:${l.message}`}>
                {l.line === 0
                  ? t('refdata.drugs.fileError', { message: l.message })
                  : l.column
                    ? t('refdata.drugs.cellError', { line: l.line, column: l.column, message: l.message })
                    : t('refdata.drugs.lineError', { line: l.line, message: l.message })}
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : status === 409 ? (
        t('refdata.drugs.versionTaken')
      ) : (
        apiErrorMessage(error, t)
      )}
    </Alert>
  );
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
  const [list, setList] = useState<File | null>(null);
  const [meta, setMeta] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const [tried, setTried] = useState(false);
  const upload = useUploadDrugList(organisationId, setSent);
  const reset = () => {
    upload.reset();
    setSent(0);
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="drugs-upload-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!list) return;
          reset();
          upload.mutate({ list, meta });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id="drugs-upload-title">
            {t('refdata.drugs.uploadTitle')}
          </Title>
          <Text size="sm">{t('refdata.drugs.uploadLead')}</Text>
          <Group align="flex-start" wrap="wrap">
            <FileInput
              id="drugs-list"
              label={t('refdata.drugs.listFile')}
              description={t('refdata.drugs.listFileHint')}
              accept=".csv,text/csv,text/plain"
              value={list}
              onChange={(file) => {
                reset();
                setList(file);
              }}
              clearable
              error={tried && !list ? t('refdata.drugs.chooseList') : undefined}
              style={{ flex: '1 1 16rem' }}
            />
            <FileInput
              id="drugs-meta"
              label={t('refdata.drugs.metaFile')}
              description={t('refdata.drugs.metaFileHint')}
              accept=".json,application/json"
              value={meta}
              onChange={(file) => {
                reset();
                setMeta(file);
              }}
              clearable
              style={{ flex: '1 1 16rem' }}
            />
          </Group>
          <Group>
            <Button
              type="submit"
              loading={upload.isPending}
              leftSection={<IconUpload size={18} aria-hidden />}
            >
              {t('refdata.drugs.upload')}
            </Button>
          </Group>
          {upload.isPending || upload.isSuccess ? (
            <Stack gap={2} maw={560}>
              <Text size="sm">
                {upload.isPending ? t('refdata.drugs.uploading') : t('refdata.drugs.uploaded')}
              </Text>
              <Progress
                value={Math.round((upload.isSuccess ? 1 : sent) * 100)}
                aria-label={t('refdata.meddra.uploadProgress')}
              />
            </Stack>
          ) : null}
          {upload.isError ? <Refusal error={upload.error} /> : null}
          {upload.isSuccess ? <Report list={upload.data} /> : null}
        </Stack>
      </form>
    </Paper>
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
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(query);
  const drugs = useDrugs(organisationId, query, page);
  const exporter = useDrugExport(organisationId);
  const go = (next: { q?: string; page?: number }) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      if (next.q !== undefined) {
        if (next.q) p.set('q', next.q);
        else p.delete('q');
        p.delete('page');
      }
      if (next.page !== undefined) {
        if (next.page > 1) p.set('page', String(next.page));
        else p.delete('page');
      }
      return p;
    });
  const more = !query && (drugs.data?.length ?? 0) === DRUGS_PAGE_SIZE;

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
      <form
        aria-label={t('refdata.drugs.search')}
        onSubmit={(event) => {
          event.preventDefault();
          go({ q: typed.trim() });
        }}
      >
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('refdata.drugs.search')}
            description={t('refdata.drugs.searchHint')}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit" variant="outline" leftSection={<IconSearch size={18} aria-hidden />}>
            {t('refdata.entries.apply')}
          </Button>
        </Group>
      </form>
      {drugs.isPending ? (
        <Loading />
      ) : drugs.isError ? (
        <LoadError
          title={t('refdata.drugs.loadFailed')}
          error={drugs.error}
          onRetry={() => void drugs.refetch()}
          retrying={drugs.isFetching}
        />
      ) : drugs.data.length === 0 ? (
        <Paper withBorder p="lg" data-testid="drugs-empty">
          <Text fw={600}>
            {query
              ? t('refdata.drugs.noMatch', { query })
              : page > 1
                ? t('refdata.drugs.noMore')
                : t('refdata.drugs.empty')}
          </Text>
        </Paper>
      ) : (
        <>
          <Text role="status">
            {query
              ? t('refdata.drugs.found', { count: drugs.data.length })
              : t('refdata.drugs.pageCount', { page, count: drugs.data.length })}
          </Text>
          <Table.ScrollContainer minWidth={720}>
            <Table aria-label={t('refdata.drugs.table')} highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('refdata.drugs.columns.name')}</Table.Th>
                  <Table.Th>{t('refdata.drugs.columns.substances')}</Table.Th>
                  <Table.Th>{t('refdata.drugs.columns.strength')}</Table.Th>
                  <Table.Th>{t('refdata.drugs.columns.doseForm')}</Table.Th>
                  <Table.Th>{t('refdata.drugs.columns.authorisation')}</Table.Th>
                  <Table.Th>{t('refdata.drugs.columns.code')}</Table.Th>
                  <Table.Th>{t('refdata.drugs.columns.idaps')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {drugs.data.map((d) => (
                  <Table.Tr key={d.id}>
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
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      {!query && (page > 1 || more) ? (
        <Group component="nav" aria-label={t('refdata.drugs.pagination')}>
          <Button variant="default" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            {t('refdata.drugs.previous')}
          </Button>
          <Button variant="default" disabled={!more} onClick={() => go({ page: page + 1 })}>
            {t('refdata.drugs.next')}
          </Button>
        </Group>
      ) : null}
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
