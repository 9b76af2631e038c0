import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { CausalityAssessment, CausalityEntry } from '@vigilo/contract';
import { naranjoQuestions } from '@vigilo/contract/causality';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useWithdrawCausality } from '../api/causality.ts';

/** The words of a recorded assessment's result: the WHO-UMC category, or Naranjo's score and category. */
function resultOf(record: CausalityAssessment, t: (key: string, o?: Record<string, unknown>) => string) {
  if (record.method === 'who-umc') return t(`causality.whoUmcCategories.${record.category}`);
  return t('causality.entry.score', {
    score: record.score,
    category: t(`causality.naranjoCategories.${record.category}`),
  });
}

/** Who assessed, in the reader's language where Vigilo chose the words, else as written. */
function sourceOf(record: CausalityAssessment, t: (key: string) => string) {
  return record.source === 'other' || record.source === 'organisation'
    ? record.entry.source
    : t(`causality.sources.${record.source}`);
}

/**
 * One G.k.9.i.2.r entry of a drug × reaction: what the message says (method, result, source),
 * and for an assessment recorded in Vigilo who recorded it and when, the comment, Naranjo's
 * ten answers, and "Withdraw" with the reason asked in place.
 */
export function CausalityItem({
  reportId,
  entry,
  record,
  canWithdraw,
  onWithdrawn,
}: {
  reportId: string;
  entry: CausalityEntry;
  record: CausalityAssessment | null;
  canWithdraw: boolean;
  onWithdrawn: () => void;
}) {
  const { t, i18n } = useTranslation();
  const withdraw = useWithdrawCausality(reportId);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const method = record ? t(`causality.methods.${record.method}`) : (entry.method ?? '');
  const result = record ? resultOf(record, t) : (entry.result ?? '');
  const reasonId = `withdraw-${record?.id ?? 'entry'}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!record) return;
    if (!reason.trim()) {
      setMissing(true);
      document.getElementById(reasonId)?.focus();
      return;
    }
    withdraw.mutate({ assessmentId: record.id, reason: reason.trim() }, { onSuccess: onWithdrawn });
  };

  return (
    <Paper withBorder p="sm" data-testid="causality-entry">
      <Stack gap={4}>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {method}: {result}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('common.labelled', { label: t('causality.entry.by') })}{' '}
          {record ? sourceOf(record, t) : (entry.source ?? '')}
        </Text>
        <Text size="sm">
          {!record
            ? t('causality.entry.elsewhere')
            : record.recordedBy
              ? t('causality.entry.recorded', {
                  name: record.recordedBy.name,
                  date: formatDateTime(record.recordedAt, i18n.language),
                })
              : t('causality.entry.recordedNoName', {
                  date: formatDateTime(record.recordedAt, i18n.language),
                })}
        </Text>
        {record && !record.inCase ? (
          <Text size="sm" fw={600}>
            {t('causality.entry.notInCase')}
          </Text>
        ) : null}
        {record?.comment ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t('common.labelled', { label: t('causality.entry.comment') })} {record.comment}
          </Text>
        ) : null}
        {record?.naranjo ? (
          <details>
            <summary>
              <Text span size="sm" fw={600}>
                {t('causality.entry.answers')}
              </Text>
            </summary>
            <Stack component="ol" gap={2} mt={4} pl="lg" style={{ margin: 0 }}>
              {naranjoQuestions.map((q) => (
                <Text component="li" size="sm" key={q.id}>
                  {t(`causality.naranjo.questions.${q.id}`)}{' '}
                  <strong>{t(`causality.naranjo.answers.${record.naranjo![q.id] ?? 'unknown'}`)}</strong>
                </Text>
              ))}
            </Stack>
          </details>
        ) : null}
        {record && canWithdraw && !asking ? (
          <div>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              aria-label={t('causality.withdraw.openFor', { result: `${method}: ${result}` })}
              onClick={() => setAsking(true)}
            >
              {t('causality.withdraw.open')}
            </Button>
          </div>
        ) : null}
        {record && asking ? (
          <form noValidate onSubmit={submit}>
            <Stack gap="xs" mt="xs">
              {withdraw.isError ? (
                <Alert color="red" role="alert">
                  {apiErrorMessage(withdraw.error, t)}
                </Alert>
              ) : null}
              <Textarea
                id={reasonId}
                label={t('causality.withdraw.reason')}
                description={t('causality.withdraw.reasonHint')}
                value={reason}
                maxLength={1000}
                rows={2}
                error={missing && !reason.trim() ? t('causality.withdraw.reasonMissing') : undefined}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
              <Group gap="xs">
                <Button type="submit" color="red" loading={withdraw.isPending}>
                  {t('causality.withdraw.confirm')}
                </Button>
                <Button variant="subtle" disabled={withdraw.isPending} onClick={() => setAsking(false)}>
                  {t('causality.withdraw.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}
