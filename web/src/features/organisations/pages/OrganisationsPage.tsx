import { Button, Group, Pagination, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PAGE_SIZE, useOrganisations } from '../api/list-organisations.ts';
import { OrganisationsTable } from '../components/OrganisationsTable.tsx';
import { useOrganisationsTexts } from '../texts/use-organisations-texts.ts';

/** /admin/organisations: every organisation of the platform, searchable, a page at a time. */
export function OrganisationsPage() {
  useOrganisationsTexts();
  const { t } = useTranslation();
  useDocumentTitle(t('organisations.title'));
  // Search and page live in the address, so a result can be linked and Back works.
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [typed, setTyped] = useState(query);
  const organisations = useOrganisations(query, page);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setParams(typed.trim() ? { query: typed.trim() } : {});
  }

  const pages = organisations.data ? Math.max(1, Math.ceil(organisations.data.total / PAGE_SIZE)) : 1;
  return (
    <>
      <PageHeader title={t('organisations.title')} lead={t('organisations.lead')} />
      <form noValidate onSubmit={search}>
        <Group align="flex-end" mb="md">
          <TextInput
            id="organisation-search"
            label={t('organisations.searchLabel')}
            description={t('organisations.searchHint')}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            w={{ base: '100%', sm: 360 }}
          />
          <Button type="submit" leftSection={<IconSearch size={18} aria-hidden />}>
            {t('organisations.search')}
          </Button>
        </Group>
      </form>
      {organisations.isPending ? (
        <Stack aria-busy="true">
          <Skeleton height={24} aria-label={t('common.loading')} />
          <Skeleton height={24} />
          <Skeleton height={24} />
        </Stack>
      ) : organisations.isError ? (
        <LoadError
          title={t('organisations.loadFailed')}
          error={organisations.error}
          onRetry={() => void organisations.refetch()}
          retrying={organisations.isFetching}
        />
      ) : organisations.data.items.length === 0 ? (
        <Text>{t('organisations.empty')}</Text>
      ) : (
        <Stack>
          <Text role="status">{t('organisations.total', { count: organisations.data.total })}</Text>
          <OrganisationsTable organisations={organisations.data.items} />
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => setParams({ ...(query ? { query } : {}), page: String(next) })}
              aria-label={t('organisations.pagination')}
            />
          ) : null}
        </Stack>
      )}
    </>
  );
}
