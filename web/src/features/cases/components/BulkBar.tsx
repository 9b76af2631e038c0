import { Alert, Button, Group, Paper, Select, Text } from '@mantine/core';
import { IconFileExport, IconUserCheck } from '@tabler/icons-react';
import type { CaseSummary } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useBulkAssign, useCaseworkers } from '../api/cases.ts';

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
 * (administrators), export. Each case is assigned on its own; the ones refused are named.
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
  const people = useCaseworkers(organisationId, canAssignOthers);
  const [assignee, setAssignee] = useState<string | null>(null);
  const reference = (id: string) => cases.find((c) => c.id === id)?.reference ?? id;
  const run = (userId?: string) =>
    assign.mutate({ ids: selected, ...(userId ? { userId } : {}) }, { onSuccess: () => onClear() });
  const result = assign.data;
  return (
    <>
      {selected.length > 0 ? (
        <Paper withBorder p="sm" mb="md" component="section" aria-label={t('casesView.bulk.label')}>
          <Group gap="sm" wrap="wrap" align="flex-end">
            <Text fw={600} data-testid="bulk-count">
              {t('casesView.bulk.selected', { count: selected.length })}
            </Text>
            <Button
              leftSection={<IconUserCheck size={18} aria-hidden />}
              onClick={() => run()}
              loading={assign.isPending && !assign.variables?.userId}
            >
              {t('casesView.bulk.assignToMe')}
            </Button>
            {canAssignOthers ? (
              <Group gap="xs" align="flex-end" wrap="nowrap">
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
                  onClick={() => assignee && run(assignee)}
                  loading={assign.isPending && Boolean(assign.variables?.userId)}
                >
                  {t('casesView.bulk.assign')}
                </Button>
              </Group>
            ) : null}
            <Button variant="light" leftSection={<IconFileExport size={18} aria-hidden />} onClick={onExport}>
              {t('casesView.bulk.export')}
            </Button>
            <Button variant="subtle" onClick={onClear}>
              {t('casesView.bulk.clear')}
            </Button>
          </Group>
        </Paper>
      ) : null}
      {result ? (
        <Alert
          color={result.failed.length ? 'orange' : 'green'}
          mb="md"
          withCloseButton
          closeButtonLabel={t('casesView.bulk.dismiss')}
          onClose={() => assign.reset()}
          role="status"
        >
          {result.assigned > 0 ? (
            <Text>{t('casesView.bulk.assigned', { count: result.assigned })}</Text>
          ) : null}
          {result.failed.map((f) => (
            <Text key={f.id}>
              {t('casesView.bulk.notAssigned', {
                reference: reference(f.id),
                why: apiErrorMessage(f.error, t),
              })}
            </Text>
          ))}
        </Alert>
      ) : null}
    </>
  );
}
