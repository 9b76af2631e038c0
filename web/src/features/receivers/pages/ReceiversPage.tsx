import { Anchor, Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useReceiverList } from '../api/list-receivers.ts';
import { useReceiversTexts } from '../texts/use-receivers-texts.ts';

/** /admin/organisations/{id}/receivers: the organisation's receivers, each opened to change or test it. */
export function ReceiversPage() {
  useReceiversTexts();
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const receivers = useReceiverList(id);
  useDocumentTitle(t('receivers.list.title'));
  const base = `/admin/organisations/${encodeURIComponent(id)}`;
  return (
    <>
      <Anchor component={Link} to={base} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('receivers.list.back')}
        </Group>
      </Anchor>
      <PageHeader title={t('receivers.list.title')} lead={t('receivers.list.lead')} />
      <Group mb="md">
        <Button
          component={Link}
          to={`${base}/receivers/new`}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t('receivers.list.add')}
        </Button>
      </Group>
      {receivers.isPending ? (
        <Loading />
      ) : receivers.isError ? (
        <LoadError
          title={t('receivers.list.loadFailed')}
          error={receivers.error}
          onRetry={() => void receivers.refetch()}
          retrying={receivers.isFetching}
        />
      ) : receivers.data.length === 0 ? (
        <Paper withBorder p="lg">
          <Text>{t('receivers.list.empty')}</Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label={t('receivers.list.title')} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('receivers.list.name')}</Table.Th>
                <Table.Th scope="col">{t('receivers.list.profile')}</Table.Th>
                <Table.Th scope="col">{t('receivers.list.transport')}</Table.Th>
                <Table.Th scope="col">{t('receivers.list.masked')}</Table.Th>
                <Table.Th scope="col">{t('receivers.list.deadlines')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {receivers.data.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`${base}/receivers/${r.id}`}
                      aria-label={t('receivers.list.edit', { name: r.name })}
                      fw={500}
                    >
                      {r.name}
                    </Anchor>
                    {r.isDefault ? (
                      <Badge ml="xs" variant="outline" size="sm">
                        {t('receivers.list.default')}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {t(`receivers.profiles.${r.profile}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t(`receivers.transports.${r.transport.type}`)}</Text>
                    {r.transport.url ? (
                      <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                        {r.transport.url}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {r.maskPersonalData ? t('receivers.list.maskedYes') : t('receivers.list.maskedNo')}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t('receivers.list.days', {
                        serious: r.dueDaysSerious,
                        nonSerious: r.dueDaysNonSerious,
                      })}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
