import {
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { EdqmClass } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { EDQM_PAGE_SIZE, type EdqmSearch, useEdqmTerms } from '../api/lists.ts';
import { useRefdataTexts } from '../texts/use-refdata-texts.ts';

const classes = ['PDF', 'ROA'] as const;

function readSearch(params: URLSearchParams): EdqmSearch {
  const wanted = params.get('class');
  return {
    query: params.get('q') ?? '',
    class: classes.includes(wanted as EdqmClass) ? (wanted as EdqmClass) : '',
    includeDeprecated: params.get('deprecated') !== 'no',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

/**
 * /admin/edqm (issue 13, decision 0145): the EDQM standard terms coders pick for dose forms
 * and routes (installation-wide), searched by words of the term, its French term or its code.
 */
export function EdqmPage() {
  useRefdataTexts();
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('refdata.edqm.title'));
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  const [typed, setTyped] = useState(search.query);
  const terms = useEdqmTerms(search);
  const go = (next: Partial<EdqmSearch>) =>
    setParams(() => {
      const s = { ...search, page: 1, ...next };
      const p = new URLSearchParams();
      if (s.query) p.set('q', s.query);
      if (s.class) p.set('class', s.class);
      if (!s.includeDeprecated) p.set('deprecated', 'no');
      if (s.page > 1) p.set('page', String(s.page));
      return p;
    });
  const more = (terms.data?.length ?? 0) === EDQM_PAGE_SIZE;
  const language = i18n.language.slice(0, 2);

  return (
    <>
      <PageHeader title={t('refdata.edqm.title')} lead={t('refdata.edqm.lead')} />
      <Paper withBorder p="md" mb="md">
        <form
          aria-label={t('refdata.edqm.search')}
          onSubmit={(event) => {
            event.preventDefault();
            go({ query: typed.trim() });
          }}
        >
          <Stack gap="sm">
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label={t('refdata.edqm.search')}
                description={t('refdata.edqm.searchHint')}
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value)}
                style={{ flex: '1 1 14rem' }}
              />
              <Button type="submit" leftSection={<IconSearch size={18} aria-hidden />}>
                {t('refdata.entries.apply')}
              </Button>
            </Group>
            <Group align="flex-end" wrap="wrap">
              <Select
                label={t('refdata.edqm.class')}
                data={[
                  { value: 'all', label: t('refdata.edqm.classes.all') },
                  { value: 'PDF', label: t('refdata.edqm.classes.PDF') },
                  { value: 'ROA', label: t('refdata.edqm.classes.ROA') },
                ]}
                value={search.class || 'all'}
                allowDeselect={false}
                onChange={(value) => go({ class: value === 'PDF' || value === 'ROA' ? value : '' })}
                style={{ flex: '0 1 16rem' }}
              />
              <Checkbox
                label={t('refdata.edqm.includeDeprecated')}
                checked={search.includeDeprecated}
                onChange={(e) => go({ includeDeprecated: e.currentTarget.checked })}
                mb={8}
              />
            </Group>
          </Stack>
        </form>
      </Paper>
      {terms.isPending ? (
        <Center p="xl" aria-busy="true">
          <Loader aria-hidden />
          <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
        </Center>
      ) : terms.isError ? (
        <LoadError
          title={t('refdata.edqm.loadFailed')}
          error={terms.error}
          onRetry={() => void terms.refetch()}
          retrying={terms.isFetching}
        />
      ) : terms.data.length === 0 ? (
        <Paper withBorder p="lg" data-testid="edqm-empty">
          <Text fw={600}>
            {search.query ? t('refdata.edqm.noMatch', { query: search.query }) : t('refdata.edqm.empty')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm">
          <Text role="status">
            {t('refdata.edqm.count', {
              count: terms.data.length,
              first: (search.page - 1) * EDQM_PAGE_SIZE + 1,
              last: (search.page - 1) * EDQM_PAGE_SIZE + terms.data.length,
            })}
          </Text>
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label={t('refdata.edqm.table')} highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('refdata.edqm.columns.code')}</Table.Th>
                  <Table.Th>{t('refdata.edqm.columns.term')}</Table.Th>
                  <Table.Th>{t('refdata.edqm.columns.translation')}</Table.Th>
                  <Table.Th>{t('refdata.edqm.columns.class')}</Table.Th>
                  <Table.Th>{t('refdata.edqm.columns.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {terms.data.map((term) => (
                  <Table.Tr key={term.code}>
                    <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {term.code}
                    </Table.Td>
                    <Table.Td>{term.term}</Table.Td>
                    <Table.Td>
                      {term.translations[language === 'en' ? 'fr' : language] ?? term.translations.fr ?? '—'}
                    </Table.Td>
                    <Table.Td>{t(`refdata.edqm.classes.${term.class}`)}</Table.Td>
                    <Table.Td>
                      {term.status === 'current' ? (
                        t('refdata.edqm.current')
                      ) : (
                        <Badge color="gray" variant="light">
                          {t('refdata.edqm.deprecated')}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      {search.page > 1 || more ? (
        <Group component="nav" aria-label={t('refdata.edqm.pagination')} mt="md">
          <Button variant="default" disabled={search.page <= 1} onClick={() => go({ page: search.page - 1 })}>
            {t('refdata.drugs.previous')}
          </Button>
          <Button variant="default" disabled={!more} onClick={() => go({ page: search.page + 1 })}>
            {t('refdata.drugs.next')}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
