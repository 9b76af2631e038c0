import { Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { IconArrowRight, IconFileExport, IconUserCheck } from '@tabler/icons-react';
import type { CaseStatus, CaseSummary } from '@vigilo/contract';
import { caseStatuses } from '@vigilo/contract/values';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useBulkAssign, useBulkMove, useCaseworkers } from '../api/cases.ts';
import { BulkOutcome } from './BulkOutcome.tsx';

/**
 * Where the bar moves cases: every status but a draft, `assigned` (the assign buttons) and
 * `submitted` (sending to receivers does that). Each case's own lifecycle decides per case.
 */
const targets = caseStatuses.filter((s) => s !== 'draft' && s !== 'assigned' && s !== 'submitted');
/** Steps whose reason the lifecycle always asks (reopening asks it too: the server says per case). */
const alwaysWhy: readonly string[] = ['nullified', 'duplicate'];
const mayAskWhy: readonly string[] = [...alwaysWhy, 'in_triage'];

interface BulkBarProps {
  selected: readonly string[];
  cases: readonly CaseSummary[];
  organisationId: string | null;
  /** Administrators may list the organisation's users, so they may assign to someone else. */
  canAssignOthers: boolean;
  onExport: () => void;
  onClear: () => void;
}

/**
 * "N selected" and what can be done to them at once (UX.md): assign to me, assign to someone
 * (administrators), move to a status, export. The server takes each case on its own and says
 * per case what it refused and why (decision 0286).
 */
export function BulkBar({
  selected,
  cases,
  organisationId,
  canAssignOthers,
  onExport,
  onClear,
}: BulkBarProps) {
  const { t } = useTranslation();
  const assign = useBulkAssign();
  const move = useBulkMove();
  const people = useCaseworkers(organisationId, canAssignOthers);
  const [assignee, setAssignee] = useState<string | null>(null);
  const [target, setTarget] = useState<CaseStatus | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [last, setLast] = useState<'assign' | 'move' | null>(null);
  // The references on screen when the action ran: moved cases may leave the list it refreshes.
  const [references, setReferences] = useState<Record<string, string>>({});
  const reference = (id: string) => references[id] ?? id;
  const remember = () => setReferences(Object.fromEntries(cases.map((c) => [c.id, c.reference])));

  const runAssign = (userId?: string) => {
    move.reset();
    remember();
    setLast('assign');
    assign.mutate({ ids: selected, ...(userId ? { userId } : {}) }, { onSuccess: () => onClear() });
  };
  const runMove = () => {
    if (!target) return;
    if (alwaysWhy.includes(target) && !reason.trim()) {
      setReasonError(t('casesView.bulk.reasonMissing', { status: t(`casesView.status.${target}`) }));
      return;
    }
    setReasonError(null);
    assign.reset();
    remember();
    setLast('move');
    move.mutate(
      { ids: selected, status: target, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () => {
          setReason('');
          onClear();
        },
      },
    );
  };
  const failed = last === 'move' ? move.error : last === 'assign' ? assign.error : null;

  return (
    <>
      {selected.length > 0 ? (
        <Paper withBorder p="sm" mb="md" component="section" aria-label={t('casesView.bulk.label')}>
          <Text fw={600} data-testid="bulk-count" mb="xs">
            {t('casesView.bulk.selected', { count: selected.length })}
          </Text>
          <Group gap="sm" wrap="wrap" align="flex-end">
            <Button
              leftSection={<IconUserCheck size={18} aria-hidden />}
              onClick={() => runAssign()}
              loading={assign.isPending && !assign.variables?.userId}
            >
              {t('casesView.bulk.assignToMe')}
            </Button>
            {canAssignOthers ? (
              <Group gap="xs" align="flex-end" wrap="wrap">
                <Select
                  label={t('casesView.bulk.assignTo')}
                  placeholder={t('casesView.bulk.choosePerson')}
                  data={(people.data?.items ?? []).map((u) => ({
                    value: u.id,
                    label: `${u.firstName} ${u.lastName}`.trim() || u.email,
                  }))}
                  value={assignee}
                  onChange={setAssignee}
                  searchable
                  nothingFoundMessage={t('casesView.bulk.nobodyFound')}
                  style={{ minWidth: '12rem' }}
                />
                <Button
                  variant="light"
                  disabled={!assignee}
                  onClick={() => assignee && runAssign(assignee)}
                  loading={assign.isPending && Boolean(assign.variables?.userId)}
                >
                  {t('casesView.bulk.assign')}
                </Button>
              </Group>
            ) : null}
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Select
                label={t('casesView.bulk.moveTo')}
                placeholder={t('casesView.bulk.chooseStatus')}
                data={targets.map((s) => ({ value: s, label: t(`casesView.status.${s}`) }))}
                value={target}
                onChange={(value) => {
                  setTarget(value as CaseStatus | null);
                  setReasonError(null);
                }}
                style={{ minWidth: '12rem' }}
              />
              {target && mayAskWhy.includes(target) ? (
                <TextInput
                  label={
                    alwaysWhy.includes(target)
                      ? t('casesView.bulk.reason')
                      : t('casesView.bulk.reasonOptional')
                  }
                  description={t('casesView.bulk.reasonHint')}
                  value={reason}
                  onChange={(event) => setReason(event.currentTarget.value)}
                  error={reasonError}
                  maxLength={1000}
                  style={{ minWidth: '14rem' }}
                />
              ) : null}
              <Button
                variant="light"
                leftSection={<IconArrowRight size={18} aria-hidden />}
                disabled={!target}
                onClick={runMove}
                loading={move.isPending}
              >
                {t('casesView.bulk.move')}
              </Button>
            </Group>
            <Button variant="light" leftSection={<IconFileExport size={18} aria-hidden />} onClick={onExport}>
              {t('casesView.bulk.export')}
            </Button>
            <Button variant="subtle" onClick={onClear}>
              {t('casesView.bulk.clear')}
            </Button>
          </Group>
        </Paper>
      ) : null}
      {failed ? (
        <Text c="red" role="alert" mb="md">
          {apiErrorMessage(failed, t)}
        </Text>
      ) : null}
      {last === 'assign' && assign.data ? (
        <BulkOutcome
          result={assign.data}
          action={{ kind: 'assigned' }}
          referenceOf={reference}
          onClose={() => assign.reset()}
        />
      ) : null}
      {last === 'move' && move.data && move.variables ? (
        <BulkOutcome
          result={move.data}
          action={{ kind: 'moved', status: move.variables.status }}
          referenceOf={reference}
          onClose={() => move.reset()}
        />
      ) : null}
    </>
  );
}
