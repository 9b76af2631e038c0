import { Anchor, Table, Text } from '@mantine/core';
import type { UserDetail } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roleLabelKey } from '../../../lib/roles.ts';
import { UserStatusBadges } from './UserStatusBadges.tsx';

export const displayName = (user: Pick<UserDetail, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

/** One row per user: name (a link to the detail page), email, roles and status. */
export function UsersTable({ users }: { users: UserDetail[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Caption>{t('users.list.tableCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('users.list.columns.name')}</Table.Th>
            <Table.Th scope="col">{t('users.list.columns.email')}</Table.Th>
            <Table.Th scope="col">{t('users.list.columns.roles')}</Table.Th>
            <Table.Th scope="col">{t('users.list.columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/users/${user.id}`} fw={600}>
                  {displayName(user) || t('users.list.noName')}
                </Anchor>
              </Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                {user.memberships.map((m) => (
                  <Text size="sm" key={`${m.role}:${m.organisationId ?? ''}`}>
                    {t(roleLabelKey(m.role), { defaultValue: m.role })}
                    {m.organisationName ? ` · ${m.organisationName}` : ''}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td>
                <UserStatusBadges user={user} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
