import { Badge, Checkbox, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useOrganisationScope } from '../../../components/organisation-scope/use-organisation-scope.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { SearchableList, searchTexts } from '../../../components/ui/SearchableList.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useHospitals } from '../api/lists.ts';
import { useRefdataTexts } from '../texts/use-refdata-texts.ts';

function Hospitals({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const includeInactive = params.get('inactive') !== 'no';
  const hospitals = useHospitals(organisationId, query, includeInactive);
  const set = (name: string, value: string | null) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      if (value) p.set(name, value);
      else p.delete(name);
      return p;
    });
  return (
    <SearchableList
      framed
      gap="md"
      search={{
        ...searchTexts(t, 'refdata.hospitals', 'refdata.entries.apply'),
        query,
        onSearch: (words) => set('q', words || null),
        filters: (
          <Checkbox
            label={t('refdata.hospitals.includeInactive')}
            checked={includeInactive}
            onChange={(e) => set('inactive', e.currentTarget.checked ? null : 'no')}
          />
        ),
      }}
      state={hospitals}
      rows={hospitals.data}
      loadFailed={t('refdata.hospitals.loadFailed')}
      empty={{
        testId: 'hospitals-empty',
        text: query ? t('refdata.hospitals.noMatch', { query }) : t('refdata.hospitals.empty'),
      }}
      count={t('refdata.hospitals.count', { count: hospitals.data?.length ?? 0 })}
      table={{
        label: t('refdata.hospitals.table'),
        minWidth: 560,
        columns: [
          t('refdata.hospitals.columns.name'),
          t('refdata.hospitals.columns.code'),
          t('refdata.hospitals.columns.city'),
          t('refdata.hospitals.columns.country'),
          t('refdata.hospitals.columns.status'),
        ],
        rowKey: (h) => h.id,
        cells: (h) => (
          <>
            <Table.Td fw={600}>{h.name}</Table.Td>
            <Table.Td>{h.code ?? '—'}</Table.Td>
            <Table.Td>{h.city ?? '—'}</Table.Td>
            <Table.Td>{h.country ?? '—'}</Table.Td>
            <Table.Td>
              {h.active ? (
                t('refdata.hospitals.active')
              ) : (
                <Badge color="gray" variant="light">
                  {t('refdata.hospitals.inactive')}
                </Badge>
              )}
            </Table.Td>
          </>
        ),
      }}
    />
  );
}

/** /admin/hospitals (issue 13, decision 0146): an organisation's hospitals, searched by name, city or code. */
export function HospitalsPage() {
  useRefdataTexts();
  const { t } = useTranslation();
  useDocumentTitle(t('refdata.hospitals.title'));
  const scope = useOrganisationScope('hospitals-organisation');
  return (
    <>
      <PageHeader title={t('refdata.hospitals.title')} lead={t('refdata.hospitals.lead')} />
      {scope.picker ? <div style={{ marginBottom: 'var(--mantine-spacing-md)' }}>{scope.picker}</div> : null}
      {scope.organisationId ? (
        <Hospitals key={scope.organisationId} organisationId={scope.organisationId} />
      ) : scope.picker ? (
        <Text>{t('refdata.hospitals.chooseOrganisation')}</Text>
      ) : null}
    </>
  );
}
