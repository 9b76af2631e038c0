import { Anchor, Badge, Grid, Group, List, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconX } from '@tabler/icons-react';
import type { ReportCase } from '@vigilo/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { fieldAnchor } from '../../../lib/case-fields.ts';
import { useCaseTabs } from '../../../lib/case-tabs.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCaseView } from '../api/cases.ts';
import { AttentionBadge } from '../components/AttentionBadge.tsx';
import { CaseActions } from '../components/CaseActions.tsx';
import { Section } from '../components/CaseSection.tsx';
import { CaseTab } from '../components/CaseTab.tsx';
import { useCasesTexts } from '../texts/use-cases-texts.ts';

// The history's timeline loads when its tab is first opened (decision 0311).
const CaseHistory = lazy(() =>
  import('../components/CaseHistory.tsx').then((m) => ({ default: m.CaseHistory })),
);

/** Rows of label, value and (optionally) the case-document path shown, the target of `#field-<path>` links. */
function Fields({ rows, path }: { rows: [string, ReactNode, string?][]; path?: string }) {
  const { t } = useTranslation();
  // A <dl> holds only <div> groups of <dt> and <dd> (axe: definition-list, dlitem).
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 1, sm: 2 }}
      spacing="xs"
      verticalSpacing="xs"
      m={0}
      id={path ? fieldAnchor(path) : undefined}
    >
      {rows.map(([label, value, field]) => (
        <div key={label} id={field ? fieldAnchor(field) : undefined}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0}>
            {value ?? t('casesView.case.none')}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function Criteria({ found }: { found: ReportCase }) {
  const { t } = useTranslation();
  const keys = ['patient', 'reporter', 'product', 'reaction'] as const;
  return (
    <Section title={t('casesView.case.criteria')}>
      <Text mb="xs" fw={600} c={found.criteria.valid ? undefined : 'red.8'}>
        {found.criteria.valid ? t('casesView.case.criteriaValid') : t('casesView.case.criteriaMissing')}
      </Text>
      <List spacing={4} listStyleType="none" p={0}>
        {keys.map((key) => (
          <List.Item
            key={key}
            icon={
              found.criteria[key] ? (
                <IconCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />
              ) : (
                <IconX size={16} color="var(--mantine-color-red-8)" aria-hidden />
              )
            }
          >
            {t('common.labelled', { label: t(`casesView.case.criterion.${key}`) })}{' '}
            {found.criteria[key] ? t('casesView.case.met') : t('casesView.case.notMet')}
          </List.Item>
        ))}
      </List>
    </Section>
  );
}

function Clock({ found }: { found: ReportCase }) {
  const { t, i18n } = useTranslation();
  const { clock } = found;
  return (
    <Section title={t('casesView.case.clock')}>
      <Text fw={600}>{t('casesView.case.clockDays', { days: clock.days })}</Text>
      <Fields
        rows={[
          [
            t('casesView.case.dayZero'),
            clock.dayZero ? formatDate(clock.dayZero, i18n.language) : t('casesView.case.noDayZero'),
          ],
          [t('casesView.case.dueDate'), clock.dueDate ? formatDate(clock.dueDate, i18n.language) : null],
        ]}
      />
      {!clock.running ? (
        <Text size="sm" mt="xs">
          {t('casesView.case.clockStopped')}
        </Text>
      ) : clock.daysLeft !== null ? (
        <Badge mt="xs" color={clock.overdue ? 'red' : 'blue'} variant="light">
          {clock.overdue
            ? t('casesView.inbox.overdueBy', { count: -clock.daysLeft })
            : t('casesView.inbox.daysLeft', { count: clock.daysLeft })}
        </Badge>
      ) : null}
    </Section>
  );
}

/**
 * The tab shown, kept in the URL (`?tab=history`) so a link or a reload opens it again; the
 * first tab leaves the URL clean. Switching replaces the history entry (Back leaves the case).
 */
function useTab(known: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') ?? 'case';
  const tab = known.includes(asked) ? asked : 'case';
  const setTab = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!value || value === 'case') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return [tab, setTab] as const;
}

/** /cases/{id}: the case view (issue 12), in tabs: the case, its history, and the tabs other areas add (E2B(R3)). */
export function CaseViewPage() {
  useCasesTexts();
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const found = useCaseView(id);
  const extraTabs = useCaseTabs();
  const [tab, setTab] = useTab(['case', 'history', ...extraTabs.map((x) => x.value)]);
  useDocumentTitle(t('casesView.case.title', { reference: found.data?.reference ?? '' }));
  if (found.isError)
    return (
      <LoadError
        title={t('casesView.case.loadFailed')}
        error={found.error}
        onRetry={() => void found.refetch()}
        retrying={found.isFetching}
      />
    );
  if (found.isPending) return <Loading />;
  const c = found.data;
  return (
    <>
      <Anchor component={Link} to="/cases" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('casesView.case.back')}
        </Group>
      </Anchor>
      <PageHeader title={t('casesView.case.title', { reference: c.reference })} />
      <Group gap="xs" mb="md">
        <Badge size="lg" data-testid="case-status">
          {t(`casesView.status.${c.status}`, { defaultValue: c.status })}
        </Badge>
        {c.serious ? (
          <Badge size="lg" color="orange" variant="light">
            {t('casesView.inbox.seriousYes')}
          </Badge>
        ) : null}
        {c.awaitingApproval ? (
          <Badge size="lg" color="blue" variant="light" data-testid="case-awaiting-approval">
            {t('casesView.case.awaitingApproval')}
          </Badge>
        ) : null}
        <AttentionBadge attention={c.attention} />
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List aria-label={t('casesView.case.tabs.label')} mb="md">
          <Tabs.Tab value="case">{t('casesView.case.tabs.case')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('casesView.case.tabs.history')}</Tabs.Tab>
          {extraTabs.map((x) => (
            <Tabs.Tab key={x.value} value={x.value}>
              {t(x.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="case">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md">
                <CaseTab found={c} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <SimpleGrid cols={1} spacing="md">
                <CaseActions found={c} />
                <Criteria found={c} />
                <Clock found={c} />
              </SimpleGrid>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <Suspense fallback={<Loading />}>
            <CaseHistory id={c.id} />
          </Suspense>
        </Tabs.Panel>
        {extraTabs.map((x) => (
          <Tabs.Panel key={x.value} value={x.value}>
            <Suspense fallback={<Loading />}>
              <x.Panel reportId={c.id} reference={c.reference} />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
