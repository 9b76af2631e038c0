import { Alert, List, Skeleton, Table, Text } from '@mantine/core';
import type { FormVersionDefinition } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useFormVersions } from '../api/list-versions.ts';
import { describeChanges } from './change-words.ts';

/** The published versions, newest first: number, when, who, what changed. */
export function VersionsList({
  formViewId,
  language,
  definition,
}: {
  formViewId: string;
  language: string;
  /** Labels for the changes' sentences (the draft's). */
  definition: FormVersionDefinition;
}) {
  const { t, i18n } = useTranslation();
  const versions = useFormVersions(formViewId);
  if (versions.isPending) return <Skeleton height={80} aria-label={t('common.loading')} />;
  if (versions.isError) return <Alert color="red">{apiErrorMessage(versions.error, t)}</Alert>;
  if (versions.data.versions.length === 0) return <Text>{t('forms.versions.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped verticalSpacing="sm" aria-label={t('forms.versions.title')} data-testid="versions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('forms.versions.number')}</Table.Th>
            <Table.Th scope="col">{t('forms.versions.date')}</Table.Th>
            <Table.Th scope="col">{t('forms.versions.by')}</Table.Th>
            <Table.Th scope="col">{t('forms.versions.changes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.data.versions.map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td>{v.number}</Table.Td>
              <Table.Td>{formatDateTime(v.createdAt, i18n.language)}</Table.Td>
              <Table.Td>{v.publishedBy?.name ?? t('forms.versions.bySystem')}</Table.Td>
              <Table.Td>
                {v.number === 1 ? (
                  t('forms.versions.firstVersion')
                ) : v.changes.length === 0 ? (
                  t('forms.versions.noChanges')
                ) : (
                  <List size="sm" spacing={2}>
                    {describeChanges(v.changes, t, language, undefined, definition).map((s) => (
                      <List.Item key={s}>{s}</List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
