import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { CaseStatus, ReportCase } from '@vigilo/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeTextarea } from '../../../components/form-renderer/NativeInputs.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useAssignToMe, useChangeStatus } from '../api/cases.ts';
import { Section } from './CaseSection.tsx';

// The submission dialog (its receivers' preview) loads when "Submit" is first chosen (decision 0311).
const SubmitDialog = lazy(() => import('./SubmitDialog.tsx').then((m) => ({ default: m.SubmitDialog })));

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

/** The steps the caller may take now; the expected next one greyed out with why when it may not. */
export function CaseActions({ found }: { found: ReportCase }) {
  const { t, i18n } = useTranslation();
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
  // Mounted from the first "Submit" on, so that the answer stays once the case is submitted.
  const [asked, setAsked] = useState(false);

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
          {t('common.labelled', { label: t('casesView.case.assignee') })}{' '}
          <strong>
            {found.assigneeUserId === null
              ? t('casesView.case.nobody')
              : mine
                ? t('casesView.case.you')
                : (found.assigneeName ?? t('casesView.case.someone'))}
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
          <Button
            variant="filled"
            onClick={() => {
              setAsked(true);
              setSubmitting(true);
            }}
          >
            {t('casesView.submit.open')}
          </Button>
        ) : null}
        {/* Mounted apart from the button: once sent, the case is submitted and the button goes, the answer stays. */}
        {asked ? (
          <Suspense fallback={<Loading />}>
            <SubmitDialog
              reportId={found.id}
              reference={found.reference}
              opened={submitting}
              onClose={() => setSubmitting(false)}
            />
          </Suspense>
        ) : null}
        {allowed
          // A case becomes assigned by being given to someone ("Assign to me", decision 0253).
          .filter((s) => s !== 'assigned')
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
              {/* Not the caller's role: the message waits for an assessor; sent, it submits the case. */}
              {blocked === 'submitted' && found.awaitingApproval
                ? t('casesView.case.whyAwaitingApproval')
                : found.nextStep?.status === blocked && found.nextStep.roles.length > 0
                  ? t('casesView.case.whoseStep', {
                      roles: new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(
                        found.nextStep.roles.filter((r) => r !== 'system_admin').map((r) => t(`roles.${r}`)),
                      ),
                    })
                  : t('casesView.case.notAllowed', { why: t('casesView.case.whyRole') })}
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
              <NativeTextarea
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
