import { Alert, Button, Group, Select, Stack, Table, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { MembershipInput, RoleName, UserDetail } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useOrganisationOptions } from '../../../lib/organisation-options.ts';
import { roleLabelKey } from '../../../lib/roles.ts';
import { useUpdateUserRoles } from '../api/update-user-roles.ts';

const organisationRoles: RoleName[] = ['reporter', 'organisation_staff', 'organisation_admin', 'assessor'];
const keyOf = (m: MembershipInput) => `${m.role}:${m.organisationId ?? ''}`;

/**
 * Edits a user's roles: remove rows, add an organisation role, save the whole list. The
 * server changes only what the administrator may grant and keeps the rest.
 */
export function RolesEditor({ user, onDone }: { user: UserDetail; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const organisations = useOrganisationOptions();
  const save = useUpdateUserRoles(user.id);
  const [rows, setRows] = useState<MembershipInput[]>(
    user.memberships.map((m) => ({ organisationId: m.organisationId, role: m.role })),
  );
  const [organisationId, setOrganisationId] = useState<string | null>(null);
  const [role, setRole] = useState<string | null>(null);
  const names = new Map([
    ...(organisations.data ?? []).map((o) => [o.id, o.name] as const),
    ...user.memberships.flatMap((m) =>
      m.organisationId ? [[m.organisationId, m.organisationName ?? ''] as const] : [],
    ),
  ]);

  function add() {
    if (!organisationId || !role) return;
    const next = { organisationId, role: role as RoleName };
    if (!rows.some((r) => keyOf(r) === keyOf(next))) setRows([...rows, next]);
    setRole(null);
  }

  return (
    <Stack gap="md">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('users.detail.role')}</Table.Th>
            <Table.Th scope="col">{t('users.detail.organisation')}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('users.roles.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((m) => {
            const label = t(roleLabelKey(m.role), { defaultValue: m.role });
            const where = m.organisationId
              ? (names.get(m.organisationId) ?? '')
              : t('users.detail.platformWide');
            return (
              <Table.Tr key={keyOf(m)}>
                <Table.Td>{label}</Table.Td>
                <Table.Td>{where}</Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    aria-label={t('users.roles.remove', { role: label, organisation: where })}
                    onClick={() => setRows(rows.filter((r) => keyOf(r) !== keyOf(m)))}
                  >
                    {t('users.roles.removeShort')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group align="flex-end">
        <Select
          label={t('users.roles.addOrganisation')}
          data={(organisations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          value={organisationId}
          onChange={setOrganisationId}
          searchable
        />
        <Select
          label={t('users.roles.addRole')}
          data={organisationRoles.map((r) => ({ value: r, label: t(roleLabelKey(r)) }))}
          value={role}
          onChange={setRole}
        />
        <Button
          variant="outline"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={add}
          disabled={!organisationId || !role}
        >
          {t('users.roles.add')}
        </Button>
      </Group>
      {save.isError ? <Alert color="red">{apiErrorMessage(save.error, t)}</Alert> : null}
      <Group>
        <Button loading={save.isPending} onClick={() => save.mutate(rows, { onSuccess: () => onDone(true) })}>
          {t('users.roles.save')}
        </Button>
        <Button variant="default" onClick={() => onDone(false)}>
          {t('users.detail.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
