import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSubmissionSummary } from '../api/get-submission-summary.ts';
import { receiverStatuses, type SubmissionSearch } from '../search.ts';

interface Tile {
  key: string;
  label: string;
  count: number;
  /** What the tile filters to: its dimension set, the rest kept. */
  apply: Partial<SubmissionSearch>;
  active: boolean;
  tone?: 'red' | 'orange';
}

/**
 * The counts of GET /v1/users/@me/submission-report-summary as tiles that filter the list:
 * overdue and due soon first (what needs someone today), then one per receiver status.
 * Each is a toggle button; pressing the active one again removes its filter.
 */
export function SummaryTiles({
  search,
  onSearch,
}: {
  search: SubmissionSearch;
  onSearch: (next: SubmissionSearch) => void;
}) {
  const { t } = useTranslation();
  const summary = useSubmissionSummary();
  if (summary.isPending)
    return (
      <Group gap="sm" mb="md" aria-hidden>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height={72} width={150} radius="md" />
        ))}
      </Group>
    );
  if (summary.isError)
    return (
      <Alert color="red" mb="md" title={t('submissionsView.dashboard.summaryFailed')}>
        {null}
      </Alert>
    );
  const counts = summary.data;
  const tiles: Tile[] = [
    {
      key: 'overdue',
      label: t('submissionsView.dashboard.tileOverdue'),
      count: counts.overdue,
      apply: { due: 'overdue' },
      active: search.due === 'overdue',
      tone: 'red',
    },
    {
      key: 'soon',
      label: t('submissionsView.dashboard.tileDueSoon'),
      count: counts.dueSoon,
      apply: { due: 'soon' },
      active: search.due === 'soon',
      tone: 'orange',
    },
    ...receiverStatuses.map((status) => ({
      key: status,
      label: t(`submissionsView.status.${status}`),
      count: counts.byStatus[status] ?? 0,
      apply: { status },
      active: search.status === status,
    })),
  ];
  const toggle = (tile: Tile) => {
    const cleared = Object.fromEntries(Object.keys(tile.apply).map((k) => [k, '']));
    onSearch({ ...search, ...(tile.active ? cleared : tile.apply), page: 1 });
  };
  return (
    <Stack gap={4} mb="md">
      <Text size="sm" c="dimmed" id="summary-tiles-hint">
        {t('submissionsView.dashboard.tileHint')}
      </Text>
      <SimpleGrid
        cols={{ base: 2, xs: 4, lg: 8 }}
        spacing="sm"
        role="group"
        aria-label={t('submissionsView.dashboard.tiles')}
      >
        {tiles.map((tile) => (
          <UnstyledButton
            key={tile.key}
            onClick={() => toggle(tile)}
            aria-pressed={tile.active}
            aria-describedby="summary-tiles-hint"
            data-tile={tile.key}
          >
            <Paper
              withBorder
              p="sm"
              h="100%"
              style={{
                borderWidth: tile.active ? 2 : 1,
                borderColor: tile.active ? 'var(--mantine-primary-color-filled)' : undefined,
                // A stripe on the side for what needs someone now (a box-shadow: the border is the pressed state's).
                boxShadow:
                  tile.tone && tile.count > 0
                    ? `inset 6px 0 0 var(--mantine-color-${tile.tone}-7)`
                    : undefined,
              }}
            >
              <Text fz={26} fw={700} lh={1.1}>
                {tile.count}
              </Text>
              <Text size="sm">{tile.label}</Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
