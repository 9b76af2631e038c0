import { Badge, Button, CloseButton, Group, Paper, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReceivers } from '../api/list-receivers.ts';
import {
  dueFilters,
  emptySubmissionSearch,
  receiverStatuses,
  reviewStatuses,
  type SubmissionSearch,
} from '../search.ts';

interface Props {
  search: SubmissionSearch;
  onSearch: (next: SubmissionSearch) => void;
}

/**
 * The dashboard's filters: the lists apply at once, the case reference on "Search" (or
 * Enter). Remounted by the page when the address changes, so Back shows what is in force.
 */
export function DashboardFilters({ search, onSearch }: Props) {
  const { t } = useTranslation();
  const receivers = useReceivers();
  const [reference, setReference] = useState(search.reference);
  const apply = (next: Partial<SubmissionSearch>) => onSearch({ ...search, ...next, page: 1 });
  const any = { value: '', label: t('submissionsView.dashboard.any') };
  return (
    <Paper withBorder p="md" mb="md">
      <form
        aria-label={t('submissionsView.dashboard.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          apply({ reference: reference.trim() });
        }}
      >
        <Group align="flex-end" wrap="wrap" gap="sm">
          <Select
            label={t('submissionsView.dashboard.statusLabel')}
            data={[
              any,
              ...receiverStatuses.map((s) => ({ value: s, label: t(`submissionsView.status.${s}`) })),
            ]}
            value={search.status}
            allowDeselect={false}
            onChange={(value) => apply({ status: value ?? '' })}
            style={{ flex: '1 1 12rem' }}
          />
          <Select
            label={t('submissionsView.dashboard.receiverLabel')}
            data={[any, ...(receivers.data ?? []).map((r) => ({ value: r.id, label: r.name }))]}
            value={search.receiver}
            allowDeselect={false}
            searchable
            onChange={(value) => apply({ receiver: value ?? '' })}
            style={{ flex: '1 1 12rem' }}
          />
          <Select
            label={t('submissionsView.dashboard.reviewLabel')}
            data={[
              any,
              ...reviewStatuses.map((s) => ({ value: s, label: t(`submissionsView.review.${s}`) })),
            ]}
            value={search.review}
            allowDeselect={false}
            onChange={(value) => apply({ review: value ?? '' })}
            style={{ flex: '1 1 12rem' }}
          />
          <Select
            label={t('submissionsView.dashboard.dueLabel')}
            data={[
              { value: '', label: t('submissionsView.dashboard.dueAny') },
              ...dueFilters.map((d) => ({
                value: d,
                label: t(
                  d === 'overdue'
                    ? 'submissionsView.dashboard.dueOverdue'
                    : 'submissionsView.dashboard.dueSoon',
                ),
              })),
            ]}
            value={search.due}
            allowDeselect={false}
            onChange={(value) => apply({ due: value ?? '' })}
            style={{ flex: '1 1 10rem' }}
          />
        </Group>
        <Group align="flex-end" wrap="wrap" gap="sm" mt="sm">
          <TextInput
            label={t('submissionsView.dashboard.referenceLabel')}
            description={t('submissionsView.dashboard.referenceHint')}
            value={reference}
            maxLength={100}
            onChange={(event) => setReference(event.currentTarget.value)}
            style={{ flex: '1 1 16rem' }}
          />
          <Button type="submit" leftSection={<IconSearch size={18} aria-hidden />}>
            {t('submissionsView.dashboard.apply')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

/** Chips for the filters in force, each removable, and "Clear all filters". */
export function ActiveFilters({ search, onSearch }: Props) {
  const { t } = useTranslation();
  const receivers = useReceivers();
  const chips: { key: string; label: string; without: Partial<SubmissionSearch> }[] = [];
  if (search.status)
    chips.push({
      key: 'status',
      label: t(`submissionsView.status.${search.status}`),
      without: { status: '' },
    });
  if (search.receiver)
    chips.push({
      key: 'receiver',
      label:
        receivers.data?.find((r) => r.id === search.receiver)?.name ??
        t('submissionsView.dashboard.receiverLabel'),
      without: { receiver: '' },
    });
  if (search.review)
    chips.push({
      key: 'review',
      label: t(`submissionsView.review.${search.review}`),
      without: { review: '' },
    });
  if (search.due)
    chips.push({
      key: 'due',
      label: t(
        search.due === 'overdue'
          ? 'submissionsView.dashboard.dueOverdue'
          : 'submissionsView.dashboard.dueSoon',
      ),
      without: { due: '' },
    });
  if (search.reference)
    chips.push({ key: 'reference', label: `"${search.reference}"`, without: { reference: '' } });
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" mb="md" role="group" aria-label={t('submissionsView.dashboard.activeFilters')}>
      {chips.map((chip) => (
        <Badge
          key={chip.key}
          variant="light"
          size="lg"
          style={{ textTransform: 'none' }}
          rightSection={
            <CloseButton
              size="xs"
              aria-label={t('submissionsView.dashboard.removeFilter', { label: chip.label })}
              onClick={() => onSearch({ ...search, ...chip.without, page: 1 })}
            />
          }
        >
          {chip.label}
        </Badge>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={() => onSearch({ ...emptySubmissionSearch })}>
        {t('submissionsView.dashboard.clear')}
      </Button>
    </Group>
  );
}
