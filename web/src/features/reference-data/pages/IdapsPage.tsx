import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { IdapsProfile, IdapsSoc } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useIdaps } from '../api/drugs.ts';
import { IdapsChart } from '../components/IdapsChart.tsx';
import { useRefdataTexts } from '../texts/use-refdata-texts.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function Totals({ profile }: { profile: IdapsProfile }) {
  const { t } = useTranslation();
  const figures = [
    { key: 'reports', value: profile.reports },
    { key: 'reactions', value: profile.totals.reactions },
    { key: 'serious', value: profile.totals.serious },
    { key: 'fatal', value: profile.totals.fatal },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="idaps-totals">
      {figures.map((f) => (
        <Paper key={f.key} withBorder p="sm">
          <Text size="xl" fw={700}>
            {f.value}
          </Text>
          <Text size="sm">{t(`refdata.idaps.totals.${f.key}`)}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Filters({
  from,
  to,
  onApply,
}: {
  from: string;
  to: string;
  onApply: (from: string, to: string) => void;
}) {
  const { t } = useTranslation();
  const [start, setStart] = useState(from);
  const [end, setEnd] = useState(to);
  const wrong = (value: string) => value !== '' && !DAY.test(value);
  const [tried, setTried] = useState(false);
  const backwards = start && end && DAY.test(start) && DAY.test(end) && start > end;
  return (
    <form
      noValidate
      aria-label={t('refdata.idaps.filter')}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (wrong(start) || wrong(end) || backwards) return;
        onApply(start, end);
      }}
    >
      <Group align="flex-end" wrap="wrap">
        <TextInput
          id="idaps-from"
          type="date"
          label={t('refdata.idaps.from')}
          value={start}
          onChange={(e) => setStart(e.currentTarget.value)}
          error={tried && wrong(start) ? t('refdata.idaps.dateWrong') : undefined}
          style={{ flex: '0 1 12rem' }}
        />
        <TextInput
          id="idaps-to"
          type="date"
          label={t('refdata.idaps.to')}
          value={end}
          onChange={(e) => setEnd(e.currentTarget.value)}
          error={
            tried && wrong(end)
              ? t('refdata.idaps.dateWrong')
              : tried && backwards
                ? t('refdata.idaps.backwards')
                : undefined
          }
          style={{ flex: '0 1 12rem' }}
        />
        <Button type="submit" variant="outline">
          {t('refdata.idaps.apply')}
        </Button>
        {from || to ? (
          <Button
            variant="subtle"
            onClick={() => {
              setStart('');
              setEnd('');
              onApply('', '');
            }}
          >
            {t('refdata.idaps.allDates')}
          </Button>
        ) : null}
      </Group>
    </form>
  );
}

/** The same numbers as the chart: each SOC, then its PTs indented under it. */
function NumbersTable({ socs }: { socs: IdapsSoc[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label={t('refdata.idaps.table')} data-testid="idaps-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('refdata.idaps.columns.term')}</Table.Th>
            <Table.Th ta="right">{t('refdata.idaps.columns.reactions')}</Table.Th>
            <Table.Th ta="right">{t('refdata.idaps.columns.serious')}</Table.Th>
            <Table.Th ta="right">{t('refdata.idaps.columns.fatal')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {socs.map((soc) => (
          <Table.Tbody key={soc.code}>
            <Table.Tr>
              <Table.Th scope="row">{t('refdata.idaps.socRow', { name: soc.name })}</Table.Th>
              <Table.Td ta="right" fw={700}>
                {soc.reactions}
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {soc.serious}
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {soc.fatal}
              </Table.Td>
            </Table.Tr>
            {soc.pts.map((pt) => (
              <Table.Tr key={pt.code}>
                <Table.Td style={{ paddingInlineStart: '2rem' }}>{pt.name}</Table.Td>
                <Table.Td ta="right">{pt.reactions}</Table.Td>
                <Table.Td ta="right">{pt.serious}</Table.Td>
                <Table.Td ta="right">{pt.fatal}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        ))}
      </Table>
    </Table.ScrollContainer>
  );
}

function Profile({ profile }: { profile: IdapsProfile }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'table' ? 'table' : 'chart';
  const socCode = Number(params.get('soc')) || null;
  const soc = profile.socs.find((s) => s.code === socCode) ?? null;
  const set = (name: string, value: string | null) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      if (value) p.set(name, value);
      else p.delete(name);
      return p;
    });

  if (!profile.snapshot)
    return (
      <Paper withBorder p="lg" data-testid="idaps-none">
        <Text fw={600}>{t('refdata.idaps.noSnapshot')}</Text>
        <Text mt="xs">{t('refdata.idaps.noSnapshotHint')}</Text>
      </Paper>
    );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" data-testid="idaps-snapshot">
        {profile.snapshot.publishedAt
          ? t('refdata.idaps.snapshot', {
              date: formatDateTime(profile.snapshot.publishedAt, i18n.language),
              count: profile.snapshot.reports,
            })
          : null}
        {profile.from || profile.to
          ? ` ${t('refdata.idaps.between', {
              from: profile.from ? formatDate(profile.from, i18n.language) : '…',
              to: profile.to ? formatDate(profile.to, i18n.language) : '…',
            })}`
          : ''}
      </Text>
      <Totals profile={profile} />
      {profile.socs.length === 0 ? (
        <Paper withBorder p="lg" data-testid="idaps-empty">
          <Text fw={600}>{t('refdata.idaps.empty')}</Text>
        </Paper>
      ) : (
        <>
          <SegmentedControl
            value={view}
            onChange={(value) => set('view', value === 'table' ? 'table' : null)}
            data={[
              { value: 'chart', label: t('refdata.idaps.chartView') },
              { value: 'table', label: t('refdata.idaps.tableView') },
            ]}
            aria-label={t('refdata.idaps.view')}
            style={{ alignSelf: 'flex-start' }}
          />
          {view === 'table' ? (
            <NumbersTable socs={profile.socs} />
          ) : soc ? (
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap">
                <Title order={2} size="h3">
                  {t('refdata.idaps.ptsOf', { name: soc.name })}
                </Title>
                <Button
                  variant="subtle"
                  leftSection={<IconArrowLeft size={18} aria-hidden />}
                  onClick={() => set('soc', null)}
                >
                  {t('refdata.idaps.allSocs')}
                </Button>
              </Group>
              <IdapsChart bars={soc.pts} label={t('refdata.idaps.ptsOf', { name: soc.name })} />
            </Stack>
          ) : (
            <Stack gap="sm">
              <Title order={2} size="h3">
                {t('refdata.idaps.socs')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('refdata.idaps.drillHint')}
              </Text>
              <IdapsChart
                bars={profile.socs}
                label={t('refdata.idaps.socs')}
                onOpen={(bar) => set('soc', String(bar.code))}
              />
            </Stack>
          )}
        </>
      )}
      {profile.snapshot.uncoded > 0 ? (
        <Alert color="gray" variant="light">
          {t('refdata.idaps.uncoded', { count: profile.snapshot.uncoded })}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * /admin/drugs/{id}/idaps (issue 13, decision 0143): one product's reactions from the
 * organisation's own reports, SOC bars that open their PTs, serious and fatal counts, dates
 * to filter by, and a table of the same numbers (the accessible alternative to the chart).
 */
export function IdapsPage() {
  useRefdataTexts();
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const idaps = useIdaps(id, DAY.test(from) ? from : '', DAY.test(to) ? to : '');
  const name = idaps.data?.drug.name;
  useDocumentTitle(name ? t('refdata.idaps.title', { name }) : t('refdata.idaps.titleShort'));
  return (
    <>
      <Anchor component={Link} to="/admin/drugs" size="sm">
        {t('refdata.idaps.back')}
      </Anchor>
      {idaps.isPending ? (
        <Center p="xl" aria-busy="true">
          <Loader aria-hidden />
          <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
        </Center>
      ) : idaps.isError ? (
        <>
          <Title order={1} mb="md">
            {t('refdata.idaps.titleShort')}
          </Title>
          <LoadError
            title={t('refdata.idaps.loadFailed')}
            error={idaps.error}
            onRetry={() => void idaps.refetch()}
            retrying={idaps.isFetching}
          />
        </>
      ) : (
        <>
          <PageHeader
            title={t('refdata.idaps.title', { name: idaps.data.drug.name })}
            lead={t('refdata.idaps.lead', {
              substances: idaps.data.drug.substances.join(', ') || '—',
              authorisation: idaps.data.drug.authorisationNumber ?? '—',
            })}
          />
          <Stack gap="md">
            <Filters
              key={`${from}/${to}`}
              from={from}
              to={to}
              onApply={(start, end) =>
                setParams((current) => {
                  const p = new URLSearchParams(current);
                  for (const [key, value] of [
                    ['from', start],
                    ['to', end],
                  ] as const)
                    if (value) p.set(key, value);
                    else p.delete(key);
                  p.delete('soc');
                  return p;
                })
              }
            />
            <Profile profile={idaps.data} />
          </Stack>
        </>
      )}
    </>
  );
}
