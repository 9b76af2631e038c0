import { Alert, Anchor, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useOrganisationScope } from '../../../components/organisation-scope/use-organisation-scope.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { reportTypeLabel } from '../../../lib/labels.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCreateGroup } from '../api/create-group.ts';
import { useGroups } from '../api/list-groups.ts';
import { GroupForm } from '../components/GroupForm.tsx';
import { useUserGroupsTexts } from '../texts/use-user-groups-texts.ts';

/** /admin/user-groups: the organisation's groups, and a form to create one. */
export function UserGroupsPage() {
  useUserGroupsTexts();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organisationId, picker } = useOrganisationScope('groups-organisation');
  const groups = useGroups(organisationId);
  const create = useCreateGroup();
  const [hasErrors, setHasErrors] = useState(false);
  useDocumentTitle(t('userGroups.title'), hasErrors);

  return (
    <>
      <PageHeader title={t('userGroups.title')} lead={t('userGroups.lead')} />
      <Stack gap="lg">
        {picker}
        {organisationId ? (
          <>
            <Paper withBorder p="lg" component="section" aria-labelledby="groups-list-title">
              <Title order={2} size="h3" id="groups-list-title" mb="sm">
                {t('userGroups.title')}
              </Title>
              {groups.isPending ? (
                <Skeleton height={40} aria-label={t('common.loading')} />
              ) : groups.isError ? (
                <Alert color="red" title={t('userGroups.loadFailed')}>
                  {apiErrorMessage(groups.error, t)}
                </Alert>
              ) : groups.data.length === 0 ? (
                <Text>{t('userGroups.empty')}</Text>
              ) : (
                <Table.ScrollContainer minWidth={480}>
                  <Table striped verticalSpacing="sm" aria-labelledby="groups-list-title">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t('userGroups.columns.name')}</Table.Th>
                        <Table.Th scope="col">{t('userGroups.columns.reportTypes')}</Table.Th>
                        <Table.Th scope="col">{t('userGroups.columns.users')}</Table.Th>
                        <Table.Th scope="col">{t('userGroups.columns.locations')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {groups.data.map((g) => (
                        <Table.Tr key={g.id}>
                          <Table.Td>
                            <Anchor component={Link} to={`/admin/user-groups/${g.id}`}>
                              {g.name}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>
                            {g.reportTypes.length
                              ? g.reportTypes.map((code) => reportTypeLabel(t, code)).join(', ')
                              : t('userGroups.allTypes')}
                          </Table.Td>
                          <Table.Td>{g.userCount}</Table.Td>
                          <Table.Td>{g.locationCount}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
            <Paper withBorder p="lg" component="section" aria-labelledby="group-create-title">
              <Title order={2} size="h3" id="group-create-title" mb="sm">
                {t('userGroups.form.createTitle')}
              </Title>
              {create.isError ? (
                <Alert color="red" mb="sm">
                  {apiErrorMessage(create.error, t)}
                </Alert>
              ) : null}
              <GroupForm
                idPrefix="new-group"
                submitLabel={t('userGroups.create')}
                pending={create.isPending}
                onErrorsChange={setHasErrors}
                onSubmit={(values) =>
                  create.mutate(
                    { ...values, organisationId },
                    { onSuccess: (group) => navigate(`/admin/user-groups/${group.id}`) },
                  )
                }
              />
            </Paper>
          </>
        ) : null}
      </Stack>
    </>
  );
}
