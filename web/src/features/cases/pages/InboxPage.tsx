import { Button, Center, Group, Loader, Pagination, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconFileExport, IconFileImport } from '@tabler/icons-react';
import { caseOrigins, caseStatuses } from '@vigilo/contract/values';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { sessionRoles } from '../../../lib/roles.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { useMe } from '../../profile/api/get-me.ts';
import { emptyInboxSearch, INBOX_PAGE_SIZE, type InboxSearch, useCases } from '../api/cases.ts';
import { useInboxColumns } from '../columns.ts';
import { BulkBar } from '../components/BulkBar.tsx';
import { CasesTable } from '../components/CasesTable.tsx';
import { ColumnPicker } from '../components/ColumnPicker.tsx';
import { ExportDialog } from '../components/ExportDialog.tsx';
import { ActiveFilters, InboxFilters } from '../components/InboxFilters.tsx';
import { SavedSearches } from '../components/SavedSearches.tsx';
import { useCasesTexts } from '../texts/use-cases-texts.ts';

const allowedFilters = { status: caseStatuses, origin: caseOrigins };
/** Who may list the organisation's users (GET /v1/users), so assign cases to someone else. */
const administrators: readonly string[] = ['organisation_admin', 'platform_admin', 'system_admin'];

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
      <InboxFilters key={searchKey} initial={search} onSearch={setSearch} />
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
