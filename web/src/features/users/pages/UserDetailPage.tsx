import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconCheck,
  IconTrash,
  IconUserCheck,
  IconUserMinus,
  IconUserOff,
} from '@tabler/icons-react';
import type { UserDetail } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { InlinePanel } from '../../../components/ui/InlinePanel.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/dates.ts';
import { accountTypeLabel, languageLabel } from '../../../lib/labels.ts';
import { roleLabelKey } from '../../../lib/roles.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMe } from '../../profile/api/get-me.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUserDetail } from '../api/get-user.ts';
import { useRemoveMembership } from '../api/remove-membership.ts';
import { useToggleDeactivate } from '../api/toggle-deactivate.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { RolesEditor } from '../components/RolesEditor.tsx';
import { UserStatusBadges } from '../components/UserStatusBadges.tsx';
import { displayName } from '../components/UsersTable.tsx';
import { useUsersTexts } from '../texts/use-users-texts.ts';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {value || t('common.notProvided')}
      </Text>
    </div>
  );
}

function RolesAndGroups({ user, onSaved }: { user: UserDetail; onSaved: (message: string) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Paper withBorder p="lg" component="section" aria-labelledby="user-roles-title">
        <Title order={2} size="h3" id="user-roles-title" mb="xs">
          {t('users.detail.roles')}
        </Title>
        {editing ? (
          <InlinePanel>
            <RolesEditor
              user={user}
              onDone={(saved) => {
                setEditing(false);
                if (saved) onSaved(t('users.roles.saved'));
              }}
            />
          </InlinePanel>
        ) : user.memberships.length === 0 ? (
          <Text>{t('users.detail.noRoles')}</Text>
        ) : (
          <Table aria-labelledby="user-roles-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('users.detail.role')}</Table.Th>
                <Table.Th scope="col">{t('users.detail.organisation')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.memberships.map((m) => (
                <Table.Tr key={`${m.role}:${m.organisationId ?? ''}`}>
                  <Table.Td>{t(roleLabelKey(m.role), { defaultValue: m.role })}</Table.Td>
                  <Table.Td>{m.organisationName ?? t('users.detail.platformWide')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {editing ? null : (
          <Button id="user-roles-edit" variant="outline" mt="md" onClick={() => setEditing(true)}>
            {t('users.roles.edit')}
          </Button>
        )}
      </Paper>
      <Paper withBorder p="lg" component="section" aria-labelledby="user-groups-title">
        <Title order={2} size="h3" id="user-groups-title" mb="xs">
          {t('users.detail.groups')}
        </Title>
        {(user.groups ?? []).length === 0 ? (
          <Text>{t('users.detail.noGroups')}</Text>
        ) : (
          <ul>
            {(user.groups ?? []).map((g) => (
              <li key={g.id}>{g.name}</li>
            ))}
          </ul>
        )}
      </Paper>
    </SimpleGrid>
  );
}

/** The user's organisations that the signed-in administrator administers: theirs to remove the user from. */
function useRemovableOrganisations(user: UserDetail | undefined) {
  const me = useMe();
  const mine = new Set(
    (me.data?.memberships ?? []).flatMap((m) => (m.role === 'organisation_admin' ? [m.organisationId] : [])),
  );
  const seen = new Map<string, string>();
  for (const m of user?.memberships ?? []) {
    if (m.organisationId && mine.has(m.organisationId)) seen.set(m.organisationId, m.organisationName ?? '');
  }
  return [...seen].map(([id, name]) => ({ id, name }));
}

/**
 * /admin/users/:id: details, roles and groups; deactivate or reactivate; delete permanently.
 * An administrator of only some of the user's organisations gets "Remove from <organisation>"
 * instead: the account as a whole is not theirs (decision 0025).
 */
export function UserDetailPage() {
  useUsersTexts();
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const user = useUserDetail(id);
  const toggle = useToggleDeactivate(id);
  const remove = useDeleteUser(id);
  const leave = useRemoveMembership(id);
  const removable = useRemovableOrganisations(user.data);
  const [dialog, setDialog] = useState<'toggle' | 'delete' | { leave: { id: string; name: string } } | null>(
    null,
  );
  const [done, setDone] = useState<string | null>(null);
  const name = user.data ? displayName(user.data) || user.data.email : '';
  useDocumentTitle(name || t('users.list.title'));
  const failure = toggle.error ?? remove.error ?? leave.error;
  const leaving = typeof dialog === 'object' && dialog !== null ? dialog.leave : null;

  return (
    <>
      <Anchor
        component={Link}
        to="/admin/users"
        mb="sm"
        display="inline-flex"
        style={{ alignItems: 'center', gap: 4 }}
      >
        <IconArrowLeft size={16} aria-hidden />
        {t('users.detail.back')}
      </Anchor>
      {user.isPending ? (
        <Center p="xl" aria-busy="true">
          <Loader aria-hidden />
          <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
        </Center>
      ) : user.isError ? (
        <LoadError
          title={t('users.detail.loadFailed')}
          error={user.error}
          onRetry={() => void user.refetch()}
          retrying={user.isFetching}
        />
      ) : (
        <Stack gap="lg">
          <div>
            <PageHeader title={name} />
            <UserStatusBadges user={user.data} />
          </div>
          <div aria-live="polite">
            {done ? (
              <Alert color="green" icon={<IconCheck aria-hidden />}>
                {done}
              </Alert>
            ) : null}
            {failure ? (
              <Alert color="red" title={t('users.detail.actionFailed')}>
                {apiErrorMessage(failure, t)}
              </Alert>
            ) : null}
          </div>
          {user.data.deletionRequestedAt ? (
            <Alert color="orange">
              {t('users.detail.deletionRequested', {
                date: formatDate(user.data.deletionRequestedAt, i18n.language),
              })}
            </Alert>
          ) : null}
          <Paper withBorder p="lg" component="section" aria-labelledby="user-details-title">
            <Title order={2} size="h3" id="user-details-title" mb="md">
              {t('users.detail.details')}
            </Title>
            <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }}>
              <Field label={t('users.detail.email')} value={user.data.email} />
              {user.data.pendingEmail ? (
                <Field label={t('users.detail.pendingEmail')} value={user.data.pendingEmail} />
              ) : null}
              <Field label={t('users.detail.username')} value={user.data.username} />
              <Field label={t('users.detail.phone')} value={user.data.phone} />
              <Field
                label={t('users.detail.language')}
                value={user.data.language ? languageLabel(user.data.language, i18n.language) : null}
              />
              <Field
                label={t('users.detail.accountType')}
                value={accountTypeLabel(t, user.data.accountType)}
              />
              <Field
                label={t('users.detail.created')}
                value={formatDate(user.data.createdAt, i18n.language)}
              />
            </SimpleGrid>
          </Paper>
          <RolesAndGroups user={user.data} onSaved={setDone} />
          <Paper withBorder p="lg" component="section" aria-labelledby="user-actions-title">
            <Title order={2} size="h3" id="user-actions-title" mb="md">
              {t('users.detail.actions')}
            </Title>
            {user.data.canManageAccount === false ? (
              <Stack align="flex-start">
                <Text>{t('users.detail.partialAdmin', { name })}</Text>
                {removable.map((organisation) => (
                  <Button
                    key={organisation.id}
                    variant="outline"
                    color="red"
                    leftSection={<IconUserMinus size={18} aria-hidden />}
                    onClick={() => setDialog({ leave: organisation })}
                  >
                    {t('users.detail.remove', { organisation: organisation.name })}
                  </Button>
                ))}
              </Stack>
            ) : (
              <Group>
                <Button
                  variant="outline"
                  leftSection={
                    user.data.deactivated ? (
                      <IconUserCheck size={18} aria-hidden />
                    ) : (
                      <IconUserOff size={18} aria-hidden />
                    )
                  }
                  onClick={() => setDialog('toggle')}
                >
                  {user.data.deactivated ? t('users.detail.reactivate') : t('users.detail.deactivate')}
                </Button>
                <Button
                  color="red"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={() => setDialog('delete')}
                >
                  {t('users.detail.delete')}
                </Button>
              </Group>
            )}
          </Paper>
          <ConfirmDialog
            opened={leaving !== null}
            title={t('users.detail.removeTitle', { name, organisation: leaving?.name })}
            body={t('users.detail.removeBody', { organisation: leaving?.name })}
            confirmLabel={t('users.detail.remove', { organisation: leaving?.name })}
            danger
            pending={leave.isPending}
            onClose={() => setDialog(null)}
            onConfirm={() =>
              leaving &&
              leave.mutate(leaving.id, {
                onSuccess: () =>
                  navigate('/admin/users', {
                    replace: true,
                    state: { message: t('users.detail.removed', { name, organisation: leaving.name }) },
                  }),
                onSettled: () => setDialog(null),
              })
            }
          />
          <ConfirmDialog
            opened={dialog === 'toggle'}
            title={
              user.data.deactivated ? t('users.detail.reactivateTitle') : t('users.detail.deactivateTitle')
            }
            body={t(user.data.deactivated ? 'users.detail.reactivateBody' : 'users.detail.deactivateBody', {
              name,
            })}
            confirmLabel={user.data.deactivated ? t('users.detail.reactivate') : t('users.detail.deactivate')}
            pending={toggle.isPending}
            reason={
              user.data.deactivated
                ? undefined
                : { label: t('users.detail.reasonLabel'), missing: t('users.detail.reasonMissing') }
            }
            onClose={() => setDialog(null)}
            onConfirm={(reason) =>
              toggle.mutate(reason || undefined, {
                onSuccess: (next) =>
                  setDone(next.deactivated ? t('users.detail.deactivated') : t('users.detail.reactivated')),
                onSettled: () => setDialog(null),
              })
            }
          />
          <ConfirmDialog
            opened={dialog === 'delete'}
            title={t('users.detail.deleteTitle')}
            body={t('users.detail.deleteBody')}
            confirmLabel={t('users.detail.delete')}
            danger
            pending={remove.isPending}
            typed={{
              label: t('users.detail.deleteConfirmLabel', { email: user.data.email }),
              expected: user.data.email,
              mismatch: t('users.detail.deleteMismatch'),
            }}
            reason={{ label: t('users.detail.reasonLabel'), missing: t('users.detail.reasonMissing') }}
            onClose={() => setDialog(null)}
            onConfirm={(reason) =>
              remove.mutate(reason, {
                onSuccess: () =>
                  navigate('/admin/users', { replace: true, state: { message: t('users.detail.deleted') } }),
                onSettled: () => setDialog(null),
              })
            }
          />
        </Stack>
      )}
    </>
  );
}
