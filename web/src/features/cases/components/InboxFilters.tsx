import {
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { caseOrigins, caseStatuses } from '@vigilo/contract/values';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates.ts';
import { emptyInboxSearch, type InboxSearch, isDay } from '../api/cases.ts';

const stages = ['open', 'done', 'void', 'draft', 'all'] as const;
/** The text fields of the form, applied together with "Search". */
type Typed = Pick<InboxSearch, 'query' | 'product' | 'reaction' | 'dateFrom' | 'dateTo'>;

/**
 * The inbox's filters: the words typed (search, suspect product, reaction, receipt dates)
 * apply with "Search"; the lists and switches at once. Everything lives in the address.
 */
export function InboxFilters({
  initial,
  onSearch,
}: {
  initial: InboxSearch;
  onSearch: (next: InboxSearch) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<Typed>({
    query: initial.query,
    product: initial.product,
    reaction: initial.reaction,
    dateFrom: initial.dateFrom,
    dateTo: initial.dateTo,
  });
  const apply = (next: Partial<InboxSearch>) => onSearch({ ...initial, ...next, page: 1 });
  const field = (name: keyof Typed) => ({
    value: typed[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setTyped((current) => ({ ...current, [name]: value }));
    },
  });
  return (
    <Paper withBorder p="md" mb="md">
      <form
        aria-label={t('casesView.inbox.search')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          apply({
            query: typed.query.trim(),
            product: typed.product.trim(),
            reaction: typed.reaction.trim(),
            dateFrom: typed.dateFrom,
            dateTo: typed.dateTo,
          });
        }}
      >
        <Stack gap="sm">
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('casesView.inbox.search')}
              description={t('casesView.inbox.searchHint')}
              {...field('query')}
              style={{ flex: '1 1 16rem' }}
            />
            <Button type="submit" leftSection={<IconSearch size={18} aria-hidden />}>
              {t('casesView.inbox.apply')}
            </Button>
          </Group>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('casesView.inbox.product')}
              description={t('casesView.inbox.productHint')}
              {...field('product')}
              style={{ flex: '1 1 12rem' }}
            />
            <TextInput
              label={t('casesView.inbox.reaction')}
              description={t('casesView.inbox.reactionHint')}
              {...field('reaction')}
              style={{ flex: '1 1 12rem' }}
            />
            <TextInput
              type="date"
              label={t('casesView.inbox.receivedFrom')}
              {...field('dateFrom')}
              style={{ flex: '0 1 10rem' }}
            />
            <TextInput
              type="date"
              label={t('casesView.inbox.receivedTo')}
              {...field('dateTo')}
              style={{ flex: '0 1 10rem' }}
            />
          </Group>
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('casesView.inbox.stage')}
              data={stages.map((s) => ({ value: s, label: t(`casesView.inbox.stages.${s}`) }))}
              value={initial.stage || 'all'}
              allowDeselect={false}
              onChange={(value) => apply({ stage: value ?? 'open' })}
              style={{ flex: '0 1 14rem' }}
            />
            <MultiSelect
              label={t('casesView.inbox.status')}
              data={caseStatuses.map((s) => ({ value: s, label: t(`casesView.status.${s}`) }))}
              value={[...initial.status]}
              onChange={(value) => apply({ status: value })}
              style={{ flex: '1 1 16rem' }}
            />
            <MultiSelect
              label={t('casesView.inbox.origin')}
              data={caseOrigins.map((o) => ({ value: o, label: t(`casesView.origin.${o}`) }))}
              value={[...initial.origin]}
              onChange={(value) => apply({ origin: value })}
              style={{ flex: '1 1 14rem' }}
            />
          </Group>
          <Group wrap="wrap">
            <Checkbox
              label={t('casesView.inbox.serious')}
              checked={initial.serious}
              onChange={(event) => apply({ serious: event.currentTarget.checked })}
            />
            <Checkbox
              label={t('casesView.inbox.overdue')}
              checked={initial.overdue}
              onChange={(event) => apply({ overdue: event.currentTarget.checked })}
            />
            <Checkbox
              label={t('casesView.inbox.attention')}
              checked={initial.attention}
              onChange={(event) => apply({ attention: event.currentTarget.checked })}
            />
            <Checkbox
              label={t('casesView.inbox.mine')}
              checked={initial.mine}
              onChange={(event) => apply({ mine: event.currentTarget.checked })}
            />
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Chips for the filters in force, each removable; "Clear all filters" goes back to open work. */
export function ActiveFilters({
  search,
  onSearch,
}: {
  search: InboxSearch;
  onSearch: (next: InboxSearch) => void;
}) {
  const { t, i18n } = useTranslation();
  const chips: { key: string; label: string; without: Partial<InboxSearch> }[] = [];
  if (search.query) chips.push({ key: 'query', label: `"${search.query}"`, without: { query: '' } });
  if (search.product)
    chips.push({
      key: 'product',
      label: t('casesView.inbox.productChip', { words: search.product }),
      without: { product: '' },
    });
  if (search.reaction)
    chips.push({
      key: 'reaction',
      label: t('casesView.inbox.reactionChip', { words: search.reaction }),
      without: { reaction: '' },
    });
  if (isDay(search.dateFrom))
    chips.push({
      key: 'dateFrom',
      label: t('casesView.inbox.receivedFromChip', { date: formatDay(search.dateFrom, i18n.language) }),
      without: { dateFrom: '' },
    });
  if (isDay(search.dateTo))
    chips.push({
      key: 'dateTo',
      label: t('casesView.inbox.receivedToChip', { date: formatDay(search.dateTo, i18n.language) }),
      without: { dateTo: '' },
    });
  if (search.stage !== 'open')
    chips.push({
      key: 'stage',
      label: t(`casesView.inbox.stages.${search.stage || 'all'}`),
      without: { stage: 'open' },
    });
  for (const status of search.status)
    chips.push({
      key: `status-${status}`,
      label: t(`casesView.status.${status}`),
      without: { status: search.status.filter((s) => s !== status) },
    });
  for (const origin of search.origin)
    chips.push({
      key: `origin-${origin}`,
      label: t(`casesView.origin.${origin}`),
      without: { origin: search.origin.filter((o) => o !== origin) },
    });
  if (search.serious)
    chips.push({ key: 'serious', label: t('casesView.inbox.serious'), without: { serious: false } });
  if (search.overdue)
    chips.push({ key: 'overdue', label: t('casesView.inbox.overdue'), without: { overdue: false } });
  if (search.attention)
    chips.push({ key: 'attention', label: t('casesView.inbox.attention'), without: { attention: false } });
  if (search.mine) chips.push({ key: 'mine', label: t('casesView.inbox.mine'), without: { mine: false } });
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" mb="md" role="group" aria-label={t('casesView.inbox.activeFilters')}>
      {chips.map((chip) => (
        <Badge
          key={chip.key}
          variant="light"
          size="lg"
          style={{ maxWidth: '100%' }}
          rightSection={
            <CloseButton
              size="xs"
              aria-label={t('casesView.inbox.removeFilter', { label: chip.label })}
              onClick={() => onSearch({ ...search, ...chip.without, page: 1 })}
            />
          }
        >
          {chip.label}
        </Badge>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={() => onSearch({ ...emptyInboxSearch })}>
        {t('casesView.inbox.clear')}
      </Button>
    </Group>
  );
}
