import { Paper, Table, Text, Title } from '@mantine/core';
import type { Membership } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { roleLabelKey } from '../../../lib/roles.ts';

/** The roles the user holds, one row per role and organisation (or platform-wide). */
export function MembershipsTable({ memberships }: { memberships: Membership[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="memberships-title">
      <Title order={2} size="h3" id="memberships-title" mb="xs">
        {t('profile.memberships.title')}
      </Title>
      {memberships.length === 0 ? (
        <Text>{t('profile.memberships.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped verticalSpacing="sm" aria-labelledby="memberships-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('profile.memberships.role')}</Table.Th>
                <Table.Th scope="col">{t('profile.memberships.organisation')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {memberships.map((membership) => (
                <Table.Tr key={`${membership.role}:${membership.organisationId ?? 'platform'}`}>
                  <Table.Td>{t(roleLabelKey(membership.role), { defaultValue: membership.role })}</Table.Td>
                  <Table.Td>
                    {membership.organisationId === null
                      ? t('profile.memberships.platformWide')
                      : (membership.organisationName ?? t('common.notProvided'))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
