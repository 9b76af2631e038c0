import { ActionIcon, Badge, Group, Table, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import type { SsoProvider } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { EditDeleteActions } from '../../../components/ui/EditDeleteActions.tsx';

interface SsoProvidersTableProps {
  providers: SsoProvider[];
  onEdit: (provider: SsoProvider) => void;
  /** Opens the accounts linked to the provider. */
  onLinks: (provider: SsoProvider) => void;
  onDelete: (provider: SsoProvider) => void;
}

/** The platform's providers, one row each, with edit and delete. */
export function SsoProvidersTable({ providers, onEdit, onLinks, onDelete }: SsoProvidersTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="sm" aria-label={t('integrations.sso.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('integrations.sso.columns.name')}</Table.Th>
            <Table.Th scope="col">{t('integrations.sso.columns.issuer')}</Table.Th>
            <Table.Th scope="col">{t('integrations.sso.columns.clientId')}</Table.Th>
            <Table.Th scope="col">{t('integrations.sso.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('integrations.common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {providers.map((provider) => (
            <Table.Tr key={provider.id}>
              <Table.Td>
                <Text fw={600}>{provider.name}</Text>
              </Table.Td>
              <Table.Td>
                <Text ff="monospace" size="sm">
                  {provider.issuerUrl}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text ff="monospace" size="sm">
                  {provider.clientId}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6}>
                  <Badge color={provider.enabled ? 'green' : 'gray'} variant="light">
                    {provider.enabled ? t('integrations.sso.enabled') : t('integrations.sso.disabled')}
                  </Badge>
                  {provider.trustedForMfa ? (
                    <Badge color="blue" variant="light">
                      {t('integrations.sso.trusted')}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t('integrations.sso.identities.open', { name: provider.name })}
                    onClick={() => onLinks(provider)}
                  >
                    <IconLink size={18} aria-hidden />
                  </ActionIcon>
                  <EditDeleteActions
                    editLabel={t('integrations.sso.edit', { name: provider.name })}
                    deleteLabel={t('integrations.sso.delete', { name: provider.name })}
                    onEdit={() => onEdit(provider)}
                    onDelete={() => onDelete(provider)}
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
