import { Anchor, Table } from '@mantine/core';
import type { Organisation } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Organisations, one row each, the name linking to the detail page. */
export function OrganisationsTable({ organisations }: { organisations: Organisation[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped verticalSpacing="sm" aria-label={t('organisations.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('organisations.columns.name')}</Table.Th>
            <Table.Th scope="col">{t('organisations.columns.kind')}</Table.Th>
            <Table.Th scope="col">{t('organisations.columns.country')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {organisations.map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/organisations/${o.id}`}>
                  {o.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{t(`organisations.kinds.${o.kind}`, { defaultValue: o.kind })}</Table.Td>
              <Table.Td>{o.country ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
