import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { UserGroup } from '@vigilo/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { StaleWriteNotice } from '../../../components/ui/StaleWriteNotice.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { mergeMine, readStaleWrite, staleDifferences } from '../../../lib/stale-write.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAssignLocations } from '../api/assign-locations.ts';
import { useAssignUsers } from '../api/assign-users.ts';
import { useDeleteGroup } from '../api/delete-group.ts';
import { useGroup } from '../api/get-group.ts';
import { useGroupLocations } from '../api/group-locations.ts';
import { type AssignmentWindow, useGroupUsers } from '../api/group-users.ts';
import { useUpdateGroup } from '../api/update-group.ts';
import { AssignmentPanel } from '../components/AssignmentPanel.tsx';
import { GroupForm, type GroupValues } from '../components/GroupForm.tsx';
import { useUserGroupsTexts } from '../texts/use-user-groups-texts.ts';

/** /admin/user-groups/:id: edit the group, assign users and locations, delete. */
export function UserGroupPage() {
  useUserGroupsTexts();
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const group = useGroup(id);
  const update = useUpdateGroup(id);
  const remove = useDeleteGroup();
  const assignUsers = useAssignUsers(id);
  const assignLocations = useAssignLocations(id);
  const [hasErrors, setHasErrors] = useState(false);
  const [saved, setSaved] = useState(false);
  // The version the form edits: set when the group first loads and after each save, not on
  // background refetches (which would wipe what is being typed). It goes with the save, so
  // a save over someone else's newer change is refused (412) instead of undoing it.
  const [base, setBase] = useState<UserGroup | null>(null);
  const [changes, setChanges] = useState<GroupValues | null>(null);
  useEffect(() => {
    if (group.data && base?.id !== group.data.id) setBase(group.data);
  }, [group.data, base]);
  const stale = readStaleWrite<UserGroup>(update.error);
  const save = (values: GroupValues, version: number) => {
    setSaved(false);
    setChanges(values);
    update.mutate(
      { changes: values, version },
      {
        onSuccess: (group) => {
          setBase(group);
          setSaved(true);
        },
      },
    );
  };
  useDocumentTitle(group.data?.name ?? t('userGroups.title'), hasErrors);

  const useUserRows = (w: AssignmentWindow) => {
    const users = useGroupUsers(id, w);
    return {
      ...users,
      data: users.data?.map((u) => ({
        id: u.id,
        label: `${u.firstName} ${u.lastName}`.trim() || u.email,
        detail: u.email,
        assigned: u.assigned,
      })),
    } as ReturnType<Parameters<typeof AssignmentPanel>[0]['useRows']>;
  };
  const useLocationRows = (w: AssignmentWindow) => {
    const locations = useGroupLocations(id, w);
    return {
      ...locations,
      data: locations.data?.map((l) => ({
        id: l.id,
        label: l.name,
        detail: l.code ?? '',
        assigned: l.assigned,
      })),
    } as ReturnType<Parameters<typeof AssignmentPanel>[0]['useRows']>;
  };

  return (
    <>
      <Anchor
        component={Link}
        to="/admin/user-groups"
        mb="md"
        display="inline-flex"
        style={{ gap: 4, alignItems: 'center' }}
      >
        <IconArrowLeft size={16} aria-hidden />
        {t('userGroups.back')}
      </Anchor>
      {group.isPending ? (
        <Skeleton height={120} aria-label={t('common.loading')} />
      ) : group.isError ? (
        <Alert color="red" title={t('userGroups.loadFailed')}>
          {apiErrorMessage(group.error, t)}
        </Alert>
      ) : (
        <>
          <PageHeader title={group.data.name} lead={group.data.description || undefined} />
          <Stack gap="lg">
            <Paper withBorder p="lg" component="section" aria-labelledby="group-edit-title">
              <Title order={2} size="h3" id="group-edit-title" mb="sm">
                {t('userGroups.form.editTitle')}
              </Title>
              {saved ? (
                <Alert color="green" role="status" mb="sm">
                  {t('userGroups.form.saved')}
                </Alert>
              ) : null}
              {stale && base && changes ? (
                <StaleWriteNotice
                  differences={staleDifferences(base, stale.current, changes)}
                  label={(key) => t(`userGroups.form.${key}`)}
                  format={(_key, value) => (Array.isArray(value) ? value.join(', ') : String(value))}
                  pending={update.isPending}
                  onKeepMine={() => {
                    const merged = mergeMine(base, stale.current, changes);
                    setBase(stale.current);
                    save(merged, stale.currentVersion);
                  }}
                  onUseTheirs={() => {
                    setBase(stale.current);
                    update.reset();
                  }}
                />
              ) : update.isError ? (
                <Alert color="red" mb="sm">
                  {apiErrorMessage(update.error, t)}
                </Alert>
              ) : null}
              {base ? (
                <GroupForm
                  key={base.version}
                  idPrefix="group"
                  initial={base}
                  submitLabel={t('userGroups.form.save')}
                  pending={update.isPending}
                  onErrorsChange={setHasErrors}
                  onSubmit={(values) => save(values, base.version)}
                />
              ) : null}
            </Paper>
            <AssignmentPanel
              titleId="group-users-title"
              title={t('userGroups.assign.usersTitle')}
              searchHint={t('userGroups.assign.searchUsersHint')}
              useRows={useUserRows}
              change={assignUsers}
            />
            <AssignmentPanel
              titleId="group-locations-title"
              title={t('userGroups.assign.locationsTitle')}
              searchHint={t('userGroups.assign.searchLocationsHint')}
              useRows={useLocationRows}
              change={assignLocations}
            />
            {remove.isError ? <Alert color="red">{apiErrorMessage(remove.error, t)}</Alert> : null}
            <Group>
              <Button
                color="red"
                variant="outline"
                loading={remove.isPending}
                onClick={() => {
                  if (window.confirm(t('userGroups.deleteConfirm', { name: group.data.name })))
                    remove.mutate(id, { onSuccess: () => navigate('/admin/user-groups') });
                }}
              >
                {t('userGroups.delete')}
              </Button>
            </Group>
          </Stack>
        </>
      )}
    </>
  );
}
