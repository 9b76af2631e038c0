import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useOrganisationOptions } from '../../../lib/organisation-options.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useFormViews } from '../api/list-views.ts';
import { ImportZipDialog } from '../components/ImportZipDialog.tsx';
import { NewFormDialog } from '../components/NewFormDialog.tsx';
import { useFormsTexts } from '../texts/use-forms-texts.ts';

/** /admin/forms: the forms administrators edit, with their published version and last change. */
export function FormsPage() {
  useFormsTexts();
  const { t, i18n } = useTranslation();
  const views = useFormViews();
  const organisations = useOrganisationOptions();
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);
  const [creating, setCreating] = useState(false);
  const [imported, setImported] = useState<string | null>(null);
  useDocumentTitle(t('forms.title'));
  const owner = (organisationId: string | null) =>
    organisationId === null
      ? t('forms.list.platform')
      : (organisations.data?.find((o) => o.id === organisationId)?.name ?? t('forms.list.organisation'));

  return (
    <>
      <PageHeader title={t('forms.title')} lead={t('forms.lead')} />
      <Stack gap="md">
        {imported ? (
          <Alert color="green" role="status">
            {t('forms.zip.importedInto', { name: imported })}
          </Alert>
        ) : null}
        {views.data && views.data.length > 0 ? (
          <Group>
            <Button onClick={() => setCreating(true)}>{t('forms.create.open')}</Button>
            <Button variant="default" onClick={() => setImporting(true)}>
              {t('forms.zip.importOpen')}
            </Button>
          </Group>
        ) : null}
        <Paper withBorder p="lg">
          {views.isPending ? (
            <Skeleton height={80} aria-label={t('common.loading')} />
          ) : views.isError ? (
            <Alert color="red" title={t('forms.loadFailed')}>
              {apiErrorMessage(views.error, t)}
            </Alert>
          ) : views.data.length === 0 ? (
            <Stack gap="xs">
              <Text fw={600}>{t('forms.empty.title')}</Text>
              <Text>{t('forms.empty.body')}</Text>
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped verticalSpacing="sm" aria-label={t('forms.title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('forms.list.name')}</Table.Th>
                    <Table.Th scope="col">{t('forms.list.audience')}</Table.Th>
                    <Table.Th scope="col">{t('forms.list.owner')}</Table.Th>
                    <Table.Th scope="col">{t('forms.list.status')}</Table.Th>
                    <Table.Th scope="col">{t('forms.list.lastChange')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {views.data.map((v) => (
                    <Table.Tr key={v.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/admin/forms/${v.id}`}>
                          {v.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {t(`forms.reportTypes.${v.reportType}`)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{t(`forms.audiences.${v.audience}`)}</Table.Td>
                      <Table.Td>{owner(v.organisationId)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={v.publishedVersionNumber ? 'green' : 'gray'}>
                          {v.publishedVersionNumber
                            ? t('forms.list.published', { number: v.publishedVersionNumber })
                            : t('forms.list.neverPublished')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{formatDateTime(v.updatedAt, i18n.language)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      </Stack>
      {views.data && views.data.length > 0 ? (
        <NewFormDialog
          opened={creating}
          onClose={() => setCreating(false)}
          templates={views.data}
          onCreated={(view) => navigate(`/admin/forms/${view.id}`)}
        />
      ) : null}
      {views.data && views.data.length > 0 ? (
        <ImportZipDialog
          opened={importing}
          onClose={() => setImporting(false)}
          views={views.data}
          onImported={(view) => setImported(view.name)}
        />
      ) : null}
    </>
  );
}
