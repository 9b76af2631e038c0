import { Anchor, Badge, Checkbox, Group, Table, Text } from '@mantine/core';
import type { CaseSummary } from '@vigilo/contract';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate, formatDay } from '../../../lib/dates.ts';
import type { InboxColumn } from '../columns.ts';
import { AttentionBadge } from './AttentionBadge.tsx';

/** The due-date cell: overdue in red words, else the days left; a dash when the clock is stopped. */
export function DueCell({ clock }: { clock: CaseSummary['clock'] }) {
  const { t } = useTranslation();
  if (!clock.running || clock.daysLeft === null) return <>{t('casesView.inbox.noClock')}</>;
  if (clock.overdue)
    return (
      <Badge color="red" variant="light">
        {t('casesView.inbox.overdueBy', { count: -clock.daysLeft })}
      </Badge>
    );
  return <>{t('casesView.inbox.daysLeft', { count: clock.daysLeft })}</>;
}

/** The first of a list, then "and N more" (the rest in the row's case view). */
function FirstOf({ items, extra }: { items: readonly string[]; extra?: ReactNode }) {
  const { t } = useTranslation();
  if (items.length === 0) return <>—</>;
  return (
    <Group gap={4} wrap="wrap">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {items[0]}
      </Text>
      {extra}
      {items.length > 1 ? (
        <Text size="sm" c="dimmed">
          {t('casesView.inbox.andMore', { count: items.length - 1 })}
        </Text>
      ) : null}
    </Group>
  );
}

/** One optional column: what a row shows in it. */
function useColumnCells(userId: string | null) {
  const { t, i18n } = useTranslation();
  const cells: Record<InboxColumn, (c: CaseSummary) => ReactNode> = {
    product: (c) => <FirstOf items={c.suspectProducts} />,
    // The PT once every reaction is coded, marked as such; the reporter's words before.
    reaction: (c) => (
      <FirstOf
        items={c.reactions}
        extra={
          c.reactionsCoded ? (
            <Badge variant="light" color="teal" size="sm" title={t('casesView.inbox.codedHint')}>
              {t('casesView.inbox.coded')}
            </Badge>
          ) : null
        }
      />
    ),
    status: (c) => t(`casesView.status.${c.status}`, { defaultValue: c.status }),
    serious: (c) =>
      c.serious ? (
        <Badge color="orange" variant="light">
          {t('casesView.inbox.seriousYes')}
        </Badge>
      ) : (
        <Text size="sm">{t('casesView.inbox.seriousNo')}</Text>
      ),
    due: (c) => <DueCell clock={c.clock} />,
    received: (c) => (c.receiptDate ? formatDay(c.receiptDate, i18n.language) : '—'),
    origin: (c) => (c.origin ? t(`casesView.origin.${c.origin}`) : '—'),
    assignee: (c) =>
      c.assigneeUserId === null
        ? t('casesView.case.nobody')
        : c.assigneeUserId === userId
          ? t('casesView.case.you')
          : (c.assigneeName ?? t('casesView.case.someone')),
    version: (c) => String(c.reportVersion),
    country: (c) => c.country ?? '—',
    updated: (c) => formatDate(c.updatedAt, i18n.language),
  };
  return cells;
}

interface CasesTableProps {
  cases: CaseSummary[];
  columns: readonly InboxColumn[];
  selected: readonly string[];
  onSelect: (next: string[]) => void;
  userId: string | null;
}

/** The inbox's rows: a checkbox each for the bulk bar, the reference linking to the case. */
export function CasesTable({ cases, columns, selected, onSelect, userId }: CasesTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cells = useColumnCells(userId);
  const toggle = (id: string) =>
    onSelect(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  const all = cases.length > 0 && cases.every((c) => selected.includes(c.id));
  const some = !all && cases.some((c) => selected.includes(c.id));
  // Up and down move between rows, Enter opens the case (the reference link does too), Space
  // selects the row for the bulk actions.
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, id: string) => {
    const row = event.currentTarget;
    if (event.target !== row) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
      if (next instanceof HTMLElement) next.focus();
    } else if (event.key === 'Enter') void navigate(`/cases/${id}`);
    else if (event.key === ' ') {
      event.preventDefault();
      toggle(id);
    }
  };
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover aria-label={t('casesView.inbox.table')} aria-describedby="inbox-keyboard-hint">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('casesView.bulk.selectPage')}
                checked={all}
                indeterminate={some}
                onChange={() =>
                  onSelect(
                    all
                      ? selected.filter((id) => !cases.some((c) => c.id === id))
                      : [...new Set([...selected, ...cases.map((c) => c.id)])],
                  )
                }
              />
            </Table.Th>
            <Table.Th>{t('casesView.inbox.columns.reference')}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column}>{t(`casesView.inbox.columns.${column}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cases.map((c) => (
            <Table.Tr
              key={c.id}
              tabIndex={0}
              onKeyDown={(event) => onKeyDown(event, c.id)}
              data-case-row
              aria-selected={selected.includes(c.id)}
              // A bar at the start of a selected row; a tint would lower the contrast of its dimmed text.
              style={
                selected.includes(c.id)
                  ? { boxShadow: 'inset 4px 0 0 var(--mantine-primary-color-filled)' }
                  : undefined
              }
            >
              <Table.Td>
                <Checkbox
                  tabIndex={-1}
                  aria-label={t('casesView.bulk.selectCase', { reference: c.reference })}
                  checked={selected.includes(c.id)}
                  onChange={() => toggle(c.id)}
                />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/cases/${c.id}`} tabIndex={-1} fw={600}>
                  {c.reference}
                </Anchor>
                {c.name ? (
                  <Text size="sm" c="dimmed">
                    {c.name}
                  </Text>
                ) : null}
                <AttentionBadge attention={c.attention} />
              </Table.Td>
              {columns.map((column) => (
                <Table.Td key={column}>{cells[column](c)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
