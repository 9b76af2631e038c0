import {
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ConfirmDialog } from '../../integrations/components/ConfirmDialog.tsx';
import { type MyReportsMode, useDeleteDraft, useMyReports } from '../api/my-reports.ts';
import { useMyReportsTexts } from '../texts/use-my-reports-texts.ts';

const modes: readonly MyReportsMode[] = ['all', 'draft', 'sent'];

interface Target {
  id: string;
  reference: string;
}

/**
 * My reports (issue 11): the signed-in user's drafts and sent reports, newest change first.
 * A draft continues in the public journey (`/report/<form>?draft=<id>`, which resumes it from
 * the server) or is deleted after a confirmation.
 */
export function MyReportsPage() {
  useMyReportsTexts();
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('myReports.title'));
  const [params, setParams] = useSearchParams();
  const mode = (modes as readonly string[]).includes(params.get('mode') ?? '')
    ? (params.get('mode') as MyReportsMode)
    : 'all';
  const reports = useMyReports(mode);
  const remove = useDeleteDraft();
  const [target, setTarget] = useState<Target | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);

  const confirmDelete = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        setDeleted(target.reference);
        setTarget(null);
      },
    });
  };

  return (
    <Stack gap="md">
      <PageHeader title={t('myReports.title')} lead={t('myReports.lead')} />
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Text fw={500} id="my-reports-mode">
            {t('myReports.show')}
          </Text>
          <SegmentedControl
            aria-labelledby="my-reports-mode"
            value={mode}
            onChange={(value) => {
              setDeleted(null);
              setParams(value === 'all' ? {} : { mode: value }, { replace: true });
            }}
            data={modes.map((m) => ({ value: m, label: t(`myReports.modes.${m}`) }))}
          />
        </Stack>
        <Button component={Link} to="/report">
          {t('myReports.start')}
        </Button>
      </Group>
      <div role="status">
        {deleted ? <Text>{t('myReports.deleted', { reference: deleted })}</Text> : null}
      </div>
      {reports.isPending ? (
        <Center p="xl" aria-busy="true">
          <Loader aria-hidden />
          <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
        </Center>
      ) : reports.isError ? (
        <LoadError
          title={t('myReports.loadFailed')}
          error={reports.error}
          onRetry={() => void reports.refetch()}
          retrying={reports.isFetching}
        />
      ) : reports.data.length === 0 ? (
        <Paper withBorder p="lg" data-testid="my-reports-empty">
          <Text fw={600}>{t(`myReports.empty.${mode}`)}</Text>
          <Text mt="xs">{t('myReports.emptyHint')}</Text>
          <Anchor component={Link} to="/report" mt="sm" display="inline-block">
            {t('myReports.start')}
          </Anchor>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <VisuallyHidden component="caption">{t('myReports.table')}</VisuallyHidden>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('myReports.columns.form')}</Table.Th>
                <Table.Th scope="col">{t('myReports.columns.reference')}</Table.Th>
                <Table.Th scope="col">{t('myReports.columns.status')}</Table.Th>
                <Table.Th scope="col">{t('myReports.columns.updated')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('myReports.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reports.data.map((report) => (
                <Table.Tr key={report.id}>
                  <Table.Th scope="row" fw={500}>
                    {report.formName ?? t('myReports.noForm')}
                  </Table.Th>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{report.reference}</Table.Td>
                  <Table.Td>
                    {t(`myReports.status.${report.status}`, { defaultValue: report.status })}
                  </Table.Td>
                  <Table.Td>
                    <time dateTime={report.updatedAt}>{formatDateTime(report.updatedAt, i18n.language)}</time>
                  </Table.Td>
                  <Table.Td>
                    {report.status === 'draft' ? (
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        {report.formViewId ? (
                          <Button
                            component={Link}
                            size="xs"
                            to={`/report/${report.formViewId}?draft=${report.id}`}
                            aria-label={t('myReports.continueLabel', { reference: report.reference })}
                          >
                            {t('myReports.continue')}
                          </Button>
                        ) : null}
                        <Button
                          size="xs"
                          variant="default"
                          color="red"
                          onClick={() => {
                            remove.reset();
                            setTarget({ id: report.id, reference: report.reference });
                          }}
                          aria-label={t('myReports.deleteLabel', { reference: report.reference })}
                        >
                          {t('myReports.delete')}
                        </Button>
                      </Group>
                    ) : (
                      <Group justify="flex-end">
                        <Button
                          component={Link}
                          size="xs"
                          variant="default"
                          to={`/my-reports/${report.id}`}
                          aria-label={t('myReports.one.viewLabel', { reference: report.reference })}
                        >
                          {t('myReports.one.view')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={target !== null}
        title={t('myReports.confirmTitle')}
        body={t('myReports.confirmBody', { reference: target?.reference ?? '' })}
        confirmLabel={t('myReports.confirm')}
        cancelLabel={t('myReports.cancel')}
        pending={remove.isPending}
        error={remove.isError ? apiErrorMessage(remove.error, t) : null}
        onConfirm={confirmDelete}
        onClose={() => setTarget(null)}
      />
    </Stack>
  );
}
