import {
  Anchor,
  Badge,
  Button,
  Center,
  Checkbox,
  CloseButton,
  Group,
  Loader,
  MultiSelect,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconFileExport, IconFileImport, IconSearch } from '@tabler/icons-react';
import { type CaseSummary, caseStatuses } from '@vigilo/contract';
import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { sessionRoles } from '../../../lib/roles.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { useMe } from '../../profile/api/get-me.ts';
import { emptyInboxSearch, INBOX_PAGE_SIZE, type InboxSearch, useCases } from '../api/cases.ts';
import { type InboxColumn, useInboxColumns } from '../columns.ts';
import { BulkBar } from '../components/BulkBar.tsx';
import { ColumnPicker } from '../components/ColumnPicker.tsx';
import { ExportDialog } from '../components/ExportDialog.tsx';
import { SavedSearches } from '../components/SavedSearches.tsx';
import { useCasesTexts } from '../texts/use-cases-texts.ts';

const stages = ['open', 'done', 'void', 'draft', 'all'] as const;
const allowedFilters = { status: caseStatuses };
/** Who may list the organisation's users (GET /v1/users), so assign cases to someone else. */
const administrators: readonly string[] = ['organisation_admin', 'platform_admin', 'system_admin'];

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

function Filters({ initial, onSearch }: { initial: InboxSearch; onSearch: (next: InboxSearch) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(initial.query);
  const apply = (next: Partial<InboxSearch>) => onSearch({ ...initial, ...next, page: 1 });
  return (
    <Paper withBorder p="md" mb="md">
      <form
        aria-label={t('casesView.inbox.search')}
        onSubmit={(event) => {
          event.preventDefault();
          apply({ query: query.trim() });
        }}
      >
        <Stack gap="sm">
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('casesView.inbox.search')}
              description={t('casesView.inbox.searchHint')}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              style={{ flex: '1 1 16rem' }}
            />
            <Button type="submit" leftSection={<IconSearch size={18} aria-hidden />}>
              {t('casesView.inbox.apply')}
            </Button>
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
function ActiveFilters({ search, onSearch }: { search: InboxSearch; onSearch: (next: InboxSearch) => void }) {
  const { t } = useTranslation();
  const chips: { key: string; label: string; without: Partial<InboxSearch> }[] = [];
  if (search.query) chips.push({ key: 'query', label: `"${search.query}"`, without: { query: '' } });
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
  if (search.serious)
    chips.push({ key: 'serious', label: t('casesView.inbox.serious'), without: { serious: false } });
  if (search.overdue)
    chips.push({ key: 'overdue', label: t('casesView.inbox.overdue'), without: { overdue: false } });
  if (search.mine) chips.push({ key: 'mine', label: t('casesView.inbox.mine'), without: { mine: false } });
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" mb="md" role="group" aria-label={t('casesView.inbox.activeFilters')}>
      {chips.map((chip) => (
        <Badge
          key={chip.key}
          variant="light"
          size="lg"
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

/** One optional column: its header and what a row shows in it. */
function useColumnCells(userId: string | null) {
  const { t, i18n } = useTranslation();
  const cells: Record<InboxColumn, (c: CaseSummary) => ReactNode> = {
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
    received: (c) => (c.clock.dayZero ? formatDate(c.clock.dayZero, i18n.language) : '—'),
    assignee: (c) =>
      c.assigneeUserId === null
        ? t('casesView.case.nobody')
        : c.assigneeUserId === userId
          ? t('casesView.case.you')
          : t('casesView.case.someone'),
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

function CasesTable({ cases, columns, selected, onSelect, userId }: CasesTableProps) {
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
    <Table.ScrollContainer minWidth={640}>
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

/** /cases: the inbox (issue 12). Filters live in the address; 50 cases a page with the total. */
export function InboxPage() {
  useCasesTexts();
  const { t } = useTranslation();
  useDocumentTitle(t('casesView.inbox.title'));
  const [search, setSearch] = useUrlFilters<InboxSearch>(emptyInboxSearch, allowedFilters);
  const cases = useCases(search);
  const { session } = useAuth();
  const userId = session?.userId ?? null;
  const me = useMe();
  const roles = me.data ? sessionRoles(me.data) : [];
  const canAssignOthers = roles.some((r) => administrators.includes(r));
  const [columns, setColumns] = useInboxColumns(userId);
  const [selected, setSelected] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const searchKey = JSON.stringify(search);
  // A new search or page starts a new selection: what was chosen is no longer on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `searchKey` stands for the search.
  useEffect(() => setSelected([]), [searchKey]);
  const pages = cases.data ? Math.max(1, Math.ceil(cases.data.total / INBOX_PAGE_SIZE)) : 1;
  const onlyDefault = JSON.stringify({ ...search, page: 1 }) === JSON.stringify(emptyInboxSearch);

  return (
    <>
      <PageHeader title={t('casesView.inbox.title')} lead={t('casesView.inbox.lead')} />
      <Group justify="flex-end" mb="md" gap="sm" wrap="wrap">
        <ColumnPicker columns={columns} onChange={setColumns} />
        <Button
          variant="outline"
          leftSection={<IconFileExport size={18} aria-hidden />}
          onClick={() => {
            setSelected([]);
            setExporting(true);
          }}
          disabled={!cases.data || cases.data.total === 0}
        >
          {t('casesView.export.searchButton')}
        </Button>
        <Button
          component={Link}
          to="/cases/import"
          variant="outline"
          leftSection={<IconFileImport size={18} aria-hidden />}
        >
          {t('casesView.inbox.import')}
        </Button>
      </Group>
      <SavedSearches search={search} onApply={setSearch} />
      <Filters key={searchKey} initial={search} onSearch={setSearch} />
      <ActiveFilters search={search} onSearch={setSearch} />
      {cases.isPending ? (
        <Center p="xl" aria-busy="true">
          <Loader aria-hidden />
          <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
        </Center>
      ) : cases.isError ? (
        <LoadError
          title={t('casesView.inbox.loadFailed')}
          error={cases.error}
          onRetry={() => void cases.refetch()}
          retrying={cases.isFetching}
        />
      ) : cases.data.items.length === 0 ? (
        <Paper withBorder p="lg" data-testid="inbox-empty">
          <Text fw={600}>{onlyDefault ? t('casesView.inbox.emptyOpen') : t('casesView.inbox.empty')}</Text>
          <Text mt="xs">
            {onlyDefault ? t('casesView.inbox.emptyOpenHint') : t('casesView.inbox.emptyHint')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="md">
          <Text role="status">{t('casesView.inbox.count', { count: cases.data.total })}</Text>
          <Text size="sm" c="dimmed" id="inbox-keyboard-hint">
            {t('casesView.inbox.keyboardHint')}
          </Text>
          <BulkBar
            selected={selected}
            cases={cases.data.items}
            organisationId={me.data?.organisationId ?? null}
            canAssignOthers={canAssignOthers}
            onExport={() => setExporting(true)}
            onClear={() => setSelected([])}
          />
          <CasesTable
            cases={cases.data.items}
            columns={columns}
            selected={selected}
            onSelect={setSelected}
            userId={userId}
          />
          {pages > 1 ? (
            <nav aria-label={t('casesView.inbox.pagination')}>
              <Pagination
                total={pages}
                value={search.page}
                onChange={(page) => setSearch({ ...search, page })}
              />
            </nav>
          ) : null}
        </Stack>
      )}
      <ExportDialog
        opened={exporting}
        onClose={() => setExporting(false)}
        search={search}
        ids={selected}
        total={cases.data?.total ?? 0}
      />
    </>
  );
}
