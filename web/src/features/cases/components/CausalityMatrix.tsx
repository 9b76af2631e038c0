import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { CausalityAssessment, CausalityEntry, ReportCase, RoleName } from '@vigilo/contract';
import { matchEntries } from '@vigilo/contract/causality';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { sessionRoles } from '../../../lib/roles.ts';
import { useMe } from '../../profile/api/get-me.ts';
import { useCausality } from '../api/causality.ts';
import { useCausalityTexts } from '../texts/use-causality-texts.ts';
import { CausalityItem } from './CausalityItem.tsx';

// The assessment form (WHO-UMC, the Naranjo questions) loads when "Add" is chosen (decision 0311).
const CausalityForm = lazy(() => import('./CausalityForm.tsx').then((m) => ({ default: m.CausalityForm })));

/** Who records causality (causality.policy `record`): assessors, staff and administrators. */
const assessors: readonly RoleName[] = [
  'assessor',
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
];
const SETTLED = ['draft', 'closed', 'nullified', 'duplicate'];

type Interval = { value?: unknown; unit?: unknown };
type Pair = {
  reactionId?: unknown;
  assessments?: CausalityEntry[];
  intervalFromStart?: Interval;
  intervalFromLastDose?: Interval;
  recurred?: unknown;
};
type Drug = { id?: unknown; name?: unknown; role?: unknown; reactionAssessments?: Pair[] };
type Reaction = { id?: unknown; nativeTerm?: unknown; translatedTerm?: unknown };
/** Suspect, interacting and not administered first; concomitant after (G.k.1). */
const ROLE_ORDER: Record<string, number> = { '1': 0, '3': 1, '4': 2, '2': 3 };
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

/**
 * Causality per drug × reaction (issue 24 §3, decision 0270), on the case view's Case tab: for
 * each pair, the G.k.9.i.2.r entries of the case (with who recorded each and why), withdrawn
 * ones apart, and a form to add one (WHO-UMC or Naranjo). Concomitant medicines' pairs show
 * when they hold an entry, or on request.
 */
export function CausalityMatrix({ found }: { found: ReportCase }) {
  useCausalityTexts();
  const { t } = useTranslation();
  const me = useMe();
  const assessments = useCausality(found.id);
  const [adding, setAdding] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [allDrugs, setAllDrugs] = useState(false);
  const doc = found.report as { E?: { reactions?: Reaction[] }; G?: { drugs?: Drug[] } };
  const reactions = (doc.E?.reactions ?? []).filter((r) => r && typeof r.id === 'string');
  const drugs = (doc.G?.drugs ?? [])
    .map((drug, index) => ({ drug, index }))
    .filter(({ drug }) => drug && typeof drug.id === 'string')
    .sort((a, b) => (ROLE_ORDER[String(a.drug.role)] ?? 4) - (ROLE_ORDER[String(b.drug.role)] ?? 4));
  const settled = SETTLED.includes(found.status) || found.deleted !== null;
  const canRecord =
    !settled && me.data !== undefined && sessionRoles(me.data).some((r) => assessors.includes(r));
  const reactionName = (r: Reaction, i: number) =>
    text(r.nativeTerm) ?? text(r.translatedTerm) ?? t('causality.reactionFallback', { number: i + 1 });

  const pairs = drugs.flatMap(({ drug, index }) =>
    reactions.map((reaction, r) => {
      const held = (drug.reactionAssessments ?? []).filter((p) => p?.reactionId === reaction.id);
      const entries = held.flatMap((p) => p.assessments ?? []);
      const records = (assessments.data ?? []).filter(
        (a) => a.drugId === drug.id && a.reactionId === reaction.id,
      );
      const drugName = text(drug.name) ?? t('causality.drugFallback', { number: index + 1 });
      return {
        key: `${String(drug.id)}-${String(reaction.id)}`,
        drugId: String(drug.id),
        reactionId: String(reaction.id),
        role: typeof drug.role === 'string' ? drug.role : null,
        facts: factsOf(held, t),
        name: t('causality.pair', { drug: drugName, reaction: reactionName(reaction, r) }),
        // Paired by the E2B texts each wrote (the same rule as the server's `inCase`).
        matched: matchEntries(
          entries,
          records.filter((a) => a.withdrawn === null).map((a) => ({ ...a.entry, assessment: a })),
        ),
        withdrawn: records.filter((a) => a.withdrawn !== null),
      };
    }),
  );
  const primary = pairs.filter((p) => p.role !== '2' || p.matched.entries.length > 0 || allDrugs);
  const hidden = pairs.length - primary.length;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="causality-title" id="causality">
      <Title order={2} size="h4" mb="xs" id="causality-title">
        {t('causality.title')}
      </Title>
      <Text size="sm" mb="sm">
        {t('causality.lead')}
      </Text>
      {!canRecord ? (
        <Text size="sm" mb="sm">
          {settled ? t('causality.closed') : t('causality.readOnly')}
        </Text>
      ) : null}
      <div aria-live="polite">
        {saved ? (
          <Alert color="green" icon={<IconCheck aria-hidden />} mb="sm">
            {saved}
          </Alert>
        ) : null}
      </div>
      {assessments.isError ? (
        <LoadError
          title={t('causality.loadFailed')}
          error={assessments.error}
          onRetry={() => void assessments.refetch()}
          retrying={assessments.isFetching}
        />
      ) : assessments.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : pairs.length === 0 ? (
        <Text>{t('causality.noPairs')}</Text>
      ) : (
        <Stack gap="lg">
          {primary.map((pair, p) => {
            const prefix = `causality-${p}`;
            return (
              <Stack key={pair.key} gap="xs" component="section" aria-labelledby={`${prefix}-heading`}>
                <Group gap="xs" wrap="wrap">
                  <Title order={3} size="h5" id={`${prefix}-heading`} style={{ overflowWrap: 'anywhere' }}>
                    {pair.name}
                  </Title>
                  {pair.role ? (
                    <Badge variant="light" color="gray">
                      {t(`casesView.case.roles.${pair.role}`, { defaultValue: pair.role })}
                    </Badge>
                  ) : null}
                </Group>
                {pair.facts.length > 0 ? (
                  <Text size="sm" data-testid="causality-facts">
                    {pair.facts.join(' · ')}
                  </Text>
                ) : null}
                {pair.matched.entries.length === 0 && pair.matched.notInCase.length === 0 ? (
                  <Text size="sm">{t('causality.none')}</Text>
                ) : null}
                {pair.matched.entries.map(({ entry, record }, i) => (
                  <CausalityItem
                    key={record?.assessment.id ?? `entry-${i}`}
                    reportId={found.id}
                    entry={entry}
                    record={record?.assessment ?? null}
                    canWithdraw={canRecord}
                    onWithdrawn={() => setSaved(t('causality.withdrawnSaved'))}
                  />
                ))}
                {pair.matched.notInCase.map(({ assessment }) => (
                  <CausalityItem
                    key={assessment.id}
                    reportId={found.id}
                    entry={assessment.entry}
                    record={assessment}
                    canWithdraw={canRecord}
                    onWithdrawn={() => setSaved(t('causality.withdrawnSaved'))}
                  />
                ))}
                {pair.withdrawn.length > 0 ? <Withdrawn records={pair.withdrawn} /> : null}
                {adding === pair.key ? (
                  <Suspense fallback={<Loading />}>
                    <CausalityForm
                      reportId={found.id}
                      drugId={pair.drugId}
                      reactionId={pair.reactionId}
                      pair={pair.name}
                      prefix={prefix}
                      onSaved={(made: CausalityAssessment) => {
                        setAdding(null);
                        setSaved(t('causality.saved', { version: made.reportVersion }));
                      }}
                      onCancel={() => setAdding(null)}
                    />
                  </Suspense>
                ) : canRecord ? (
                  <div>
                    <Button
                      variant="light"
                      aria-label={t('causality.addFor', { pair: pair.name })}
                      disabled={adding !== null}
                      onClick={() => {
                        setSaved(null);
                        setAdding(pair.key);
                      }}
                    >
                      {t('causality.add')}
                    </Button>
                  </div>
                ) : null}
              </Stack>
            );
          })}
          {hidden > 0 ? (
            <div>
              <Button variant="subtle" onClick={() => setAllDrugs(true)}>
                {t('causality.showConcomitant', { count: hidden })}
              </Button>
            </div>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}

const interval = (i: Interval | undefined) =>
  i && typeof i.value === 'string' ? `${i.value} ${typeof i.unit === 'string' ? i.unit : ''}`.trim() : null;

/** What the case says of the pair besides assessments: time to onset (G.k.9.i.3.1, 3.2) and recurrence (G.k.9.i.4). */
function factsOf(pairs: Pair[], t: (key: string, o?: Record<string, unknown>) => string): string[] {
  const fromStart = pairs.map((p) => interval(p.intervalFromStart)).find(Boolean);
  const fromLast = pairs.map((p) => interval(p.intervalFromLastDose)).find(Boolean);
  const recurred = pairs.map((p) => p.recurred).find((r) => typeof r === 'string');
  return [
    ...(fromStart ? [t('causality.facts.fromStart', { interval: fromStart })] : []),
    ...(fromLast ? [t('causality.facts.fromLastDose', { interval: fromLast })] : []),
    ...(recurred
      ? [t(`causality.facts.recurred.${String(recurred)}`, { defaultValue: String(recurred) })]
      : []),
  ];
}

function Withdrawn({ records }: { records: CausalityAssessment[] }) {
  const { t, i18n } = useTranslation();
  return (
    <details>
      <summary>
        <Text span size="sm" fw={600}>
          {t('causality.withdrawn.title')} ({records.length})
        </Text>
      </summary>
      <Stack gap={4} mt="xs" component="ul" p={0} style={{ listStyle: 'none' }}>
        {records.map((r) => {
          const date = formatDateTime(r.withdrawn!.at, i18n.language);
          return (
            <Text component="li" size="sm" key={r.id}>
              {r.entry.method} · {r.entry.result} —{' '}
              {r.withdrawn!.by
                ? t('causality.withdrawn.line', {
                    name: r.withdrawn!.by.name,
                    date,
                    reason: r.withdrawn!.reason,
                  })
                : t('causality.withdrawn.lineNoName', { date, reason: r.withdrawn!.reason })}
            </Text>
          );
        })}
      </Stack>
    </details>
  );
}
