import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { AssignmentChange } from '@vigilo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import type { AssignmentWindow } from '../api/group-users.ts';

export interface AssignableRow {
  id: string;
  label: string;
  detail: string;
  assigned: boolean;
}

export const PAGE = 20;

interface Props {
  titleId: string;
  title: string;
  searchHint: string;
  useRows: (w: AssignmentWindow) => UseQueryResult<AssignableRow[]>;
  change: UseMutationResult<void, Error, AssignmentChange>;
}

/**
 * Assigned and unassigned items with search and paging: one button per row adds or
 * removes it. Used for a group's users and its locations.
 */
export function AssignmentPanel({ titleId, title, searchHint, useRows, change }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [includeUnassigned, setIncludeUnassigned] = useState(true);
  const [offset, setOffset] = useState(0);
  const rows = useRows({ query, includeUnassigned, offset, limit: PAGE + 1 });
  const shown = rows.data?.slice(0, PAGE) ?? [];
  const hasMore = (rows.data?.length ?? 0) > PAGE;

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery(typed.trim());
    setOffset(0);
  }

  return (
    // Less padding on phones: the three columns fit 320 px without a sideways scroll.
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        {title}
      </Title>
      <form aria-label={title} noValidate onSubmit={search}>
        <Group align="flex-end" mb="sm">
          <TextInput
            id={`${titleId}-search`}
            label={t('userGroups.assign.search')}
            description={searchHint}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          <Button type="submit" variant="default" leftSection={<IconSearch size={16} aria-hidden />}>
            {t('userGroups.assign.search')}
          </Button>
        </Group>
      </form>
      <SegmentedControl
        mb="sm"
        aria-label={t('userGroups.assign.show')}
        value={includeUnassigned ? 'all' : 'assigned'}
        onChange={(v) => {
          setIncludeUnassigned(v === 'all');
          setOffset(0);
        }}
        data={[
          { value: 'all', label: t('userGroups.assign.all') },
          { value: 'assigned', label: t('userGroups.assign.assigned') },
        ]}
      />
      {change.isError ? (
        <Alert color="red" mb="sm">
          {apiErrorMessage(change.error, t)}
        </Alert>
      ) : null}
      {rows.isPending ? (
        <Skeleton height={40} aria-label={t('common.loading')} />
      ) : rows.isError ? (
        <Alert color="red" title={t('userGroups.assign.loadFailed')}>
          {apiErrorMessage(rows.error, t)}
        </Alert>
      ) : shown.length === 0 ? (
        <Text>{t('userGroups.assign.empty')}</Text>
      ) : (
        <Table verticalSpacing="xs" horizontalSpacing="xs" aria-labelledby={titleId}>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Text fw={500}>{row.label}</Text>
                  {row.detail ? (
                    // An email address breaks rather than widen the page on a phone.
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {row.detail}
                    </Text>
                  ) : null}
                </Table.Td>
                {/* On phones the button (Add or Remove) says it alone; the column would widen the page. */}
                <Table.Td visibleFrom="xs">{row.assigned ? t('userGroups.assign.assigned') : ''}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant={row.assigned ? 'default' : 'light'}
                    loading={
                      change.isPending &&
                      change.variables?.assigned.concat(change.variables.unassigned).includes(row.id)
                    }
                    aria-label={t(row.assigned ? 'userGroups.assign.remove' : 'userGroups.assign.add', {
                      name: row.label,
                    })}
                    onClick={() =>
                      change.mutate(
                        row.assigned
                          ? { assigned: [], unassigned: [row.id] }
                          : { assigned: [row.id], unassigned: [] },
                      )
                    }
                  >
                    {t(row.assigned ? 'userGroups.assign.removeAction' : 'userGroups.assign.addAction')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {offset > 0 || hasMore ? (
        <Group mt="sm">
          <Button
            variant="default"
            size="xs"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE))}
          >
            {t('userGroups.assign.previous')}
          </Button>
          <Button variant="default" size="xs" disabled={!hasMore} onClick={() => setOffset(offset + PAGE)}>
            {t('userGroups.assign.next')}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
