import {
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useOrganisationScope } from '../../../components/organisation-scope/use-organisation-scope.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useHospitals } from '../api/lists.ts';
import { useRefdataTexts } from '../texts/use-refdata-texts.ts';

function Hospitals({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const includeInactive = params.get('inactive') !== 'no';
  const [typed, setTyped] = useState(query);
  const hospitals = useHospitals(organisationId, query, includeInactive);
  const set = (name: string, value: string | null) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      if (value) p.set(name, value);
      else p.delete(name);
      return p;
    });
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <form
          aria-label={t('refdata.hospitals.search')}
          onSubmit={(event) => {
            event.preventDefault();
            set('q', typed.trim() || null);
          }}
        >
          <Stack gap="sm">
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label={t('refdata.hospitals.search')}
                description={t('refdata.hospitals.searchHint')}
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value)}
                style={{ flex: '1 1 14rem' }}
              />
              <Button type="submit" leftSection={<IconSearch size={18} aria-hidden />}>
                {t('refdata.entries.apply')}
              </Button>
            </Group>
            <Checkbox
              label={t('refdata.hospitals.includeInactive')}
              checked={includeInactive}
              onChange={(e) => set('inactive', e.currentTarget.checked ? null : 'no')}
            />
          </Stack>
        </form>
      </Paper>
      {hospitals.isPending ? (
        <Center p="xl" aria-busy="true">
          <Loader aria-hidden />
          <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
        </Center>
      ) : hospitals.isError ? (
        <LoadError
          title={t('refdata.hospitals.loadFailed')}
          error={hospitals.error}
          onRetry={() => void hospitals.refetch()}
          retrying={hospitals.isFetching}
        />
      ) : hospitals.data.length === 0 ? (
        <Paper withBorder p="lg" data-testid="hospitals-empty">
          <Text fw={600}>
            {query ? t('refdata.hospitals.noMatch', { query }) : t('refdata.hospitals.empty')}
          </Text>
        </Paper>
      ) : (
        <>
          <Text role="status">{t('refdata.hospitals.count', { count: hospitals.data.length })}</Text>
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label={t('refdata.hospitals.table')} highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('refdata.hospitals.columns.name')}</Table.Th>
                  <Table.Th>{t('refdata.hospitals.columns.code')}</Table.Th>
                  <Table.Th>{t('refdata.hospitals.columns.city')}</Table.Th>
                  <Table.Th>{t('refdata.hospitals.columns.country')}</Table.Th>
                  <Table.Th>{t('refdata.hospitals.columns.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {hospitals.data.map((h) => (
                  <Table.Tr key={h.id}>
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
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
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
