import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  List,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  Timeline,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconX } from '@tabler/icons-react';
import type { CaseStatus, ReportCase } from '@vigilo/contract';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { CASE_DOCUMENT_ANCHOR, fieldAnchor, useFieldFocus } from '../../../lib/case-fields.ts';
import { useCaseTabs } from '../../../lib/case-tabs.tsx';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  useAssignToMe,
  useCaseAudit,
  useCaseComparison,
  useCaseView,
  useChangeStatus,
} from '../api/cases.ts';
import { Attachments } from '../components/Attachments.tsx';
import { ReactionCoding } from '../components/ReactionCoding.tsx';
import { SubmitDialog } from '../components/SubmitDialog.tsx';
import { useCasesTexts } from '../texts/use-cases-texts.ts';

/**
 * The main path of the lifecycle (decision 0100), to show the next step greyed out with why
 * when the caller's role cannot take it. Which steps are allowed always comes from the server
 * (`allowedTransitions`); this only names the one a user expects next.
 */
const mainPath: readonly CaseStatus[] = [
  'received',
  'in_triage',
  'assigned',
  'coded',
  'verified',
  'ready_to_submit',
  'submitted',
  'closed',
];
/** Steps the server insists on a reason for (reopening and nullifying, decision 0100). */
const reopenFrom = ['submitted', 'closed', 'nullified', 'duplicate'];
const needsReason = (from: string, to: CaseStatus) =>
  to === 'nullified' || (to === 'in_triage' && reopenFrom.includes(from));

type Doc = Record<string, Record<string, unknown> | undefined>;
const text = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object' && 'value' in (value as object)) {
    const { value: v, unit } = value as { value?: unknown; unit?: unknown };
    return [v, unit].filter((x) => x !== undefined && x !== null).join(' ');
  }
  if (typeof value === 'object' && 'nullFlavor' in (value as object)) return null;
  return String(value);
};

/** A coded E2B value in words (`casesView.case.<list>.<code>`), the code itself when unknown. */
function useCoded() {
  const { t } = useTranslation();
  return (list: string, value: unknown) =>
    typeof value === 'string' && value !== ''
      ? t(`casesView.case.${list}.${value}`, { defaultValue: value })
      : null;
}

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

function Section({ title, path, children }: { title: string; path?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title} id={path ? fieldAnchor(path) : undefined}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The case document in E2B(R3) blocks: report, reporter, patient, reactions, drugs, narrative. */
function CaseDocument({ found }: { found: ReportCase }) {
  const { t, i18n } = useTranslation();
  const doc = found.report as Doc;
  const C = doc.C ?? {};
  const D = doc.D ?? {};
  const source = ((C.primarySources as Record<string, unknown>[] | undefined) ?? [])[0] ?? {};
  const reactions = ((doc.E?.reactions as Record<string, unknown>[] | undefined) ?? []).filter(Boolean);
  const drugs = ((doc.G?.drugs as Record<string, unknown>[] | undefined) ?? []).filter(Boolean);
  const coded = useCoded();
  const age = D.ageAtOnset as { value?: string; unit?: string } | undefined;
  const yesNo = (v: unknown) =>
    v === true ? t('casesView.case.yes') : v === false ? t('casesView.case.no') : null;
  useFieldFocus(true);
  return (
    <Stack gap="md" id={CASE_DOCUMENT_ANCHOR}>
      <Section title={t('casesView.case.sections.report')} path="C">
        <Fields
          rows={[
            [t('casesView.case.fields.reference'), found.reference],
            [t('casesView.case.fields.reportType'), coded('reportTypes', found.reportType), 'C.reportType'],
            [t('casesView.case.fields.serious'), yesNo(found.serious)],
            [t('casesView.case.fields.country'), text(found.country)],
            [
              t('casesView.case.fields.receiptDate'),
              found.receiptDate ? formatDate(found.receiptDate, i18n.language) : null,
            ],
            [t('casesView.case.fields.version'), String(found.reportVersion)],
          ]}
        />
      </Section>
      <Section title={t('casesView.case.sections.reporter')} path="C.primarySources.0">
        <Fields
          rows={[
            [
              t('casesView.case.fields.name'),
              [text(source.givenName), text(source.familyName)].filter(Boolean).join(' ') || null,
              'C.primarySources.0.familyName',
            ],
            [
              t('casesView.case.fields.qualification'),
              coded('qualifications', source.qualification),
              'C.primarySources.0.qualification',
            ],
            [t('casesView.case.fields.email'), text(source.email), 'C.primarySources.0.email'],
            [t('casesView.case.fields.telephone'), text(source.telephone), 'C.primarySources.0.telephone'],
            [t('casesView.case.fields.country'), text(source.country), 'C.primarySources.0.country'],
          ]}
        />
      </Section>
      <Section title={t('casesView.case.sections.patient')} path="D">
        <Fields
          rows={[
            [t('casesView.case.fields.patientName'), text(D.name), 'D.name'],
            [
              t('casesView.case.fields.age'),
              age?.value ? `${age.value} ${coded('ageUnits', age.unit) ?? ''}`.trim() : null,
              'D.ageAtOnset',
            ],
            [
              t('casesView.case.fields.sex'),
              typeof D.sex === 'string' ? t(`casesView.case.sexes.${D.sex}`, { defaultValue: D.sex }) : null,
              'D.sex',
            ],
            [t('casesView.case.fields.weight'), text(D.weightKg), 'D.weightKg'],
            [t('casesView.case.fields.height'), text(D.heightCm), 'D.heightCm'],
            [t('casesView.case.fields.history'), text(D.medicalHistoryText), 'D.medicalHistoryText'],
          ]}
        />
      </Section>
      <Section title={t('casesView.case.sections.reactions')} path="E">
        {reactions.length === 0 ? (
          <Text>{t('casesView.case.noReactions')}</Text>
        ) : (
          <Stack gap="sm">
            {reactions.map((r, i) => (
              <Fields
                key={String(r.id ?? i)}
                path={`E.reactions.${i}`}
                rows={[
                  [t('casesView.case.fields.term'), text(r.nativeTerm), `E.reactions.${i}.nativeTerm`],
                  [t('casesView.case.fields.start'), text(r.startDate), `E.reactions.${i}.startDate`],
                  [
                    t('casesView.case.fields.outcome'),
                    coded('outcomes', r.outcome),
                    `E.reactions.${i}.outcome`,
                  ],
                  [
                    t('casesView.case.fields.hospitalisation'),
                    yesNo(r.hospitalisation),
                    `E.reactions.${i}.hospitalisation`,
                  ],
                ]}
              />
            ))}
          </Stack>
        )}
      </Section>
      <Section title={t('casesView.case.sections.drugs')} path="G">
        {drugs.length === 0 ? (
          <Text>{t('casesView.case.noDrugs')}</Text>
        ) : (
          <Stack gap="sm">
            {drugs.map((d, i) => (
              <Fields
                key={String(d.id ?? i)}
                path={`G.drugs.${i}`}
                rows={[
                  [t('casesView.case.fields.drugName'), text(d.name), `G.drugs.${i}.name`],
                  [
                    t('casesView.case.fields.role'),
                    typeof d.role === 'string'
                      ? t(`casesView.case.roles.${d.role}`, { defaultValue: d.role })
                      : null,
                    `G.drugs.${i}.role`,
                  ],
                  [
                    t('casesView.case.fields.action'),
                    coded('actionsTaken', d.actionTaken),
                    `G.drugs.${i}.actionTaken`,
                  ],
                ]}
              />
            ))}
          </Stack>
        )}
      </Section>
      <Section title={t('casesView.case.sections.narrative')} path="H">
        <Text style={{ whiteSpace: 'pre-wrap' }} id={fieldAnchor('H.narrative')}>
          {text(doc.H?.narrative) ?? t('casesView.case.none')}
        </Text>
      </Section>
    </Stack>
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
            {t(`casesView.case.criterion.${key}`)}:{' '}
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

/** The steps the caller may take now; the expected next one greyed out with why when it may not. */
function Actions({ found }: { found: ReportCase }) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const change = useChangeStatus(found.id);
  const assign = useAssignToMe(found.id);
  const [asking, setAsking] = useState<CaseStatus | null>(null);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const allowed = found.allowedTransitions.filter((s) => s !== 'duplicate');
  const position = mainPath.indexOf(found.status as CaseStatus);
  const expected = position >= 0 ? mainPath[position + 1] : undefined;
  const blocked = expected && !found.allowedTransitions.includes(expected) ? expected : undefined;
  const mine = found.assigneeUserId !== null && found.assigneeUserId === session?.userId;
  const canAssign = !mine && (found.allowedTransitions.includes('assigned') || found.status === 'assigned');
  const failure = change.error ?? assign.error;
  // Ready to submit: "Submit" sends it to receivers (distribute moves it to submitted itself).
  const canSubmit = found.status === 'ready_to_submit' && found.allowedTransitions.includes('submitted');
  const [submitting, setSubmitting] = useState(false);

  const move = (to: CaseStatus) => {
    if (needsReason(found.status, to) && asking !== to) {
      setAsking(to);
      setReason('');
      return;
    }
    change.mutate(
      { status: to, ...(needsReason(found.status, to) ? { reason: reason.trim() } : {}) },
      {
        onSuccess: (next) => {
          setAsking(null);
          setDone(t('casesView.case.moved', { status: t(`casesView.status.${next.status}`) }));
        },
      },
    );
  };

  return (
    <Section title={t('casesView.case.actions')}>
      <Stack gap="sm">
        <Text size="sm">
          {t('casesView.case.assignee')}:{' '}
          <strong>
            {found.assigneeUserId === null
              ? t('casesView.case.nobody')
              : mine
                ? t('casesView.case.you')
                : t('casesView.case.someone')}
          </strong>
        </Text>
        <div aria-live="polite">
          {done ? (
            <Alert color="green" icon={<IconCheck aria-hidden />}>
              {done}
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" title={t('casesView.case.failed')}>
              {apiErrorMessage(failure, t)}
            </Alert>
          ) : null}
        </div>
        {canAssign ? (
          <Button
            variant="filled"
            loading={assign.isPending}
            onClick={() =>
              assign.mutate(undefined, { onSuccess: () => setDone(t('casesView.case.assigned')) })
            }
          >
            {t('casesView.case.assignToMe')}
          </Button>
        ) : null}
        {canSubmit ? (
          <Button variant="filled" onClick={() => setSubmitting(true)}>
            {t('casesView.submit.open')}
          </Button>
        ) : null}
        {/* Mounted apart from the button: once sent, the case is submitted and the button goes, the answer stays. */}
        <SubmitDialog
          reportId={found.id}
          reference={found.reference}
          opened={submitting}
          onClose={() => setSubmitting(false)}
        />
        {allowed
          .filter((s) => !(s === 'assigned' && canAssign))
          .map((status) => (
            <Button
              key={status}
              variant={status === expected && !canSubmit ? 'filled' : 'default'}
              color={status === 'nullified' ? 'red' : undefined}
              loading={change.isPending && change.variables?.status === status}
              onClick={() => move(status)}
            >
              {t('casesView.case.moveTo', { status: t(`casesView.status.${status}`) })}
            </Button>
          ))}
        {blocked && !(blocked === 'assigned' && canAssign) ? (
          <Stack gap={2}>
            <Button variant="default" disabled aria-describedby="case-blocked-why">
              {t('casesView.case.moveTo', { status: t(`casesView.status.${blocked}`) })}
            </Button>
            <Text size="sm" c="dimmed" id="case-blocked-why">
              {t('casesView.case.notAllowed', { why: t('casesView.case.whyRole') })}
            </Text>
          </Stack>
        ) : null}
        {asking ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (reason.trim()) move(asking);
            }}
          >
            <Stack gap="xs">
              <Textarea
                label={t('casesView.case.reason')}
                description={t('casesView.case.reasonHint')}
                required
                autoFocus
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
              />
              <Group>
                <Button type="submit" disabled={!reason.trim()} loading={change.isPending}>
                  {t('casesView.case.confirm')}
                </Button>
                <Button variant="subtle" onClick={() => setAsking(null)}>
                  {t('casesView.case.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Section>
  );
}

const shown = (value: unknown) =>
  value === undefined || value === null
    ? null
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** Two versions side by side: each field that differs, before and after, the kind of change in words. */
function Versions({ found }: { found: ReportCase }) {
  const { t } = useTranslation();
  const latest = found.reportVersion;
  const [from, setFrom] = useState(Math.max(1, latest - 1));
  const [to, setTo] = useState(latest);
  const comparison = useCaseComparison(found.id, from, to, latest > 1);
  if (latest < 2) return null;
  const choices = Array.from({ length: latest }, (_, i) => ({
    value: String(i + 1),
    label: t('casesView.case.versionN', { n: i + 1 }),
  }));
  const colour = { added: 'green', removed: 'red', changed: 'yellow' } as const;
  return (
    <Section title={t('casesView.case.versions')}>
      <Text size="sm" mb="sm">
        {t('casesView.case.versionsLead')}
      </Text>
      <Group mb="sm" wrap="wrap">
        <Select
          label={t('casesView.case.from')}
          data={choices}
          value={String(from)}
          allowDeselect={false}
          onChange={(v) => setFrom(Number(v))}
        />
        <Select
          label={t('casesView.case.to')}
          data={choices}
          value={String(to)}
          allowDeselect={false}
          onChange={(v) => setTo(Number(v))}
        />
      </Group>
      {comparison.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : comparison.isError ? (
        <LoadError
          title={t('casesView.case.compareFailed')}
          error={comparison.error}
          onRetry={() => void comparison.refetch()}
          retrying={comparison.isFetching}
        />
      ) : comparison.data.changes.length === 0 ? (
        <Text>{t('casesView.case.noChanges')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={t('casesView.case.versions')} data-testid="case-versions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('casesView.case.field')}</Table.Th>
                <Table.Th>{t('casesView.case.versionN', { n: from })}</Table.Th>
                <Table.Th>{t('casesView.case.versionN', { n: to })}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {comparison.data.changes.map((change) => (
                <Table.Tr key={change.path}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {change.path}
                    </Text>
                    <Badge size="sm" variant="light" color={colour[change.kind]}>
                      {t(`casesView.case.kinds.${change.kind}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{shown(change.old) ?? t('casesView.case.empty')}</Table.Td>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {shown(change.new) ?? t('casesView.case.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function History({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const audit = useCaseAudit(id);
  return (
    <Section title={t('casesView.case.history')}>
      {audit.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : audit.isError ? (
        <LoadError
          title={t('casesView.case.historyFailed')}
          error={audit.error}
          onRetry={() => void audit.refetch()}
          retrying={audit.isFetching}
        />
      ) : audit.data.length === 0 ? (
        <Text>{t('casesView.case.historyEmpty')}</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} data-testid="case-history">
          {audit.data.map((entry) => (
            <Timeline.Item key={entry.id} title={entry.summary}>
              <Text size="sm" c="dimmed">
                {formatDateTime(entry.at, i18n.language)}{' '}
                {entry.actor
                  ? t('casesView.case.by', { name: entry.actor.name })
                  : t('casesView.case.system')}
              </Text>
              {entry.reason ? (
                <Text size="sm">{t('casesView.case.because', { reason: entry.reason })}</Text>
              ) : null}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
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

const TabLoading = () => {
  const { t } = useTranslation();
  return (
    <Center p="xl" aria-busy="true">
      <Loader aria-hidden />
      <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
    </Center>
  );
};

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
  if (found.isPending) return <TabLoading />;
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
                <CaseDocument found={c} />
                <ReactionCoding found={c} />
                <Attachments found={c} />
                <Versions key={c.reportVersion} found={c} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <SimpleGrid cols={1} spacing="md">
                <Actions found={c} />
                <Criteria found={c} />
                <Clock found={c} />
              </SimpleGrid>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <History id={c.id} />
        </Tabs.Panel>
        {extraTabs.map((x) => (
          <Tabs.Panel key={x.value} value={x.value}>
            <Suspense fallback={<TabLoading />}>
              <x.Panel reportId={c.id} reference={c.reference} />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
