import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconDownload } from '@tabler/icons-react';
import { changeRequestStatuses, roleNames } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { useExportUsers } from '../api/export-users.ts';
import { USERS_PAGE_SIZE, type UserSearch, useUsers } from '../api/search-users.ts';
import { emptySearch, UserFilters } from '../components/UserFilters.tsx';
import { UsersTable } from '../components/UsersTable.tsx';
import { useUsersTexts } from '../texts/use-users-texts.ts';

/** The values the address may give the list filters (anything else there is ignored). */
const allowedFilters = { roleIds: roleNames, changeRequestStatuses };

/** /admin/users: search with every filter (kept in the address), 50 rows a page, export CSV. */
export function UsersPage() {
  useUsersTexts();
  const { t } = useTranslation();
  useDocumentTitle(t('users.list.title'));
  const [search, setSearch] = useUrlFilters<UserSearch>(emptySearch, allowedFilters);
  const users = useUsers(search);
  const exporter = useExportUsers();
  // A message handed over by the page we came from (for example after a deletion).
  const handedOver = (useLocation().state as { message?: string } | null)?.message;
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / USERS_PAGE_SIZE)) : 1;

  return (
    <>
      <PageHeader title={t('users.list.title')} lead={t('users.list.lead')} />
      <Group justify="flex-end" mb="md">
        <Button
          variant="outline"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={exporter.isPending}
          onClick={() =>
            exporter.mutate({
              roles: search.roleIds.length ? search.roleIds : undefined,
              organisationId: search.organisationIds.length === 1 ? search.organisationIds[0] : undefined,
            })
          }
        >
          {t('users.list.export')}
        </Button>
      </Group>
      <div aria-live="polite">
        {handedOver ? (
          <Alert color="green" icon={<IconCheck aria-hidden />} mb="md">
            {handedOver}
          </Alert>
        ) : null}
        {exporter.isSuccess ? (
          <Alert color="green" icon={<IconCheck aria-hidden />} mb="md">
            {t('users.list.exported')}
          </Alert>
        ) : null}
        {exporter.isError ? (
          <Alert color="red" title={t('users.list.exportFailed')} mb="md">
            {apiErrorMessage(exporter.error, t)}
          </Alert>
        ) : null}
      </div>
      {/* Remounted when the address changes (Back, a link) so the form shows the filters applied. */}
      <UserFilters key={JSON.stringify(search)} initial={search} onSearch={setSearch} />
      {users.isPending ? (
        <Center p="xl" aria-busy="true">
          <Loader aria-hidden />
          <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
        </Center>
      ) : users.isError ? (
        <LoadError
          title={t('users.list.loadFailed')}
          error={users.error}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      ) : users.data.items.length === 0 ? (
        <Paper withBorder p="lg">
          <Text>{t('users.list.empty')}</Text>
        </Paper>
      ) : (
        <Stack gap="md">
          <Text role="status">{t('users.list.count', { count: users.data.total })}</Text>
          <UsersTable users={users.data.items} />
          {pages > 1 ? (
            <nav aria-label={t('users.list.pagination')}>
              <Pagination
                total={pages}
                value={search.page}
                onChange={(page) => setSearch({ ...search, page })}
              />
            </nav>
          ) : null}
        </Stack>
      )}
    </>
  );
}
