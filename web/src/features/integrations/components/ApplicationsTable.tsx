import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { Application } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';

interface ApplicationsTableProps {
  applications: Application[];
  pendingDefaultId: string | null;
  onMakeDefault: (application: Application) => void;
  onCreateKey: (application: Application) => void;
}

/** The organisation's applications: the default one marked, each with its live-key count. */
export function ApplicationsTable({
  applications,
  pendingDefaultId,
  onMakeDefault,
  onCreateKey,
}: ApplicationsTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="sm" aria-label={t('integrations.apiKeys.applications')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('integrations.apiKeys.columns.name')}</Table.Th>
            <Table.Th scope="col">{t('integrations.apiKeys.submissionService')}</Table.Th>
            <Table.Th scope="col">{t('integrations.apiKeys.liveKeys')}</Table.Th>
            <Table.Th scope="col">{t('integrations.common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {applications.map((application) => (
            <Table.Tr key={application.id}>
              <Table.Td>
                <Group gap="xs">
                  <Text fw={600}>{application.application}</Text>
                  {application.isDefault ? (
                    <Badge variant="light">{t('integrations.apiKeys.default')}</Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                {application.submissionServiceUser
                  ? t('integrations.common.yes')
                  : t('integrations.common.no')}
              </Table.Td>
              <Table.Td>{application.activeKeys}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onCreateKey(application)}
                    aria-label={t('integrations.apiKeys.newKeyFor', { name: application.application })}
                  >
                    {t('integrations.apiKeys.newKey')}
                  </Button>
                  {application.isDefault ? null : (
                    <Button
                      size="xs"
                      variant="default"
                      loading={pendingDefaultId === application.id}
                      onClick={() => onMakeDefault(application)}
                      aria-label={t('integrations.apiKeys.makeDefault', { name: application.application })}
                    >
                      {t('integrations.apiKeys.makeDefaultShort')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
