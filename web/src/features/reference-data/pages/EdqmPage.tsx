import { Badge, Checkbox, Group, Select, Table } from '@mantine/core';
import type { EdqmClass } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { SearchableList, searchTexts } from '../../../components/ui/SearchableList.tsx';
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

  const found = terms.data?.length ?? 0;

  return (
    <>
      <PageHeader title={t('refdata.edqm.title')} lead={t('refdata.edqm.lead')} />
      <SearchableList
        framed
        gap="md"
        search={{
          ...searchTexts(t, 'refdata.edqm', 'refdata.entries.apply'),
          query: search.query,
          onSearch: (query) => go({ query }),
          filters: (
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
          ),
        }}
        state={terms}
        rows={terms.data}
        loadFailed={t('refdata.edqm.loadFailed')}
        empty={{
          testId: 'edqm-empty',
          text: search.query ? t('refdata.edqm.noMatch', { query: search.query }) : t('refdata.edqm.empty'),
        }}
        count={t('refdata.edqm.count', {
          count: found,
          first: (search.page - 1) * EDQM_PAGE_SIZE + 1,
          last: (search.page - 1) * EDQM_PAGE_SIZE + found,
        })}
        table={{
          label: t('refdata.edqm.table'),
          minWidth: 640,
          columns: [
            t('refdata.edqm.columns.code'),
            t('refdata.edqm.columns.term'),
            t('refdata.edqm.columns.translation'),
            t('refdata.edqm.columns.class'),
            t('refdata.edqm.columns.status'),
          ],
          rowKey: (term) => term.code,
          cells: (term) => (
            <>
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
            </>
          ),
        }}
        paging={{
          shown: search.page > 1 || more,
          label: t('refdata.edqm.pagination'),
          page: search.page,
          more,
          onPage: (page) => go({ page }),
          previousLabel: t('refdata.drugs.previous'),
          nextLabel: t('refdata.drugs.next'),
        }}
      />
    </>
  );
}
