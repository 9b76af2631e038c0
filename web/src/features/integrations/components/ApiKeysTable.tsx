import { Button, Code, Table } from '@mantine/core';
import type { ApiKey } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates.ts';

/** Live keys: never the secret, only the first characters to recognise one. */
export function ApiKeysTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="sm" aria-label={t('integrations.apiKeys.keys')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('integrations.apiKeys.columns.name')}</Table.Th>
            <Table.Th scope="col">{t('integrations.apiKeys.columns.application')}</Table.Th>
            <Table.Th scope="col">{t('integrations.apiKeys.columns.prefix')}</Table.Th>
            <Table.Th scope="col">{t('integrations.apiKeys.columns.created')}</Table.Th>
            <Table.Th scope="col">{t('integrations.apiKeys.columns.lastUsed')}</Table.Th>
            <Table.Th scope="col">{t('integrations.common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>{key.name}</Table.Td>
              <Table.Td>{key.applicationName}</Table.Td>
              <Table.Td>
                <Code>{key.prefix}…</Code>
              </Table.Td>
              <Table.Td>{date(key.createdAt)}</Table.Td>
              <Table.Td>{key.lastUsedAt ? date(key.lastUsedAt) : t('integrations.apiKeys.never')}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => onRevoke(key)}
                  aria-label={t('integrations.apiKeys.revoke', { name: key.name })}
                >
                  {t('integrations.apiKeys.revokeConfirm')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
