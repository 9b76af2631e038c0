import { Button, Group, Pagination, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { LoadError } from './LoadError.tsx';
import { Loading } from './Loading.tsx';

/** The search box: the words, applied on submit (Enter or the button). */
export interface ListSearch {
  label: string;
  hint: string;
  applyLabel: string;
  /** The words searched now (from the URL); the box starts with them. */
  query: string;
  onSearch: (query: string) => void;
  /** More controls under the box (filters), submitted with it. */
  filters?: ReactNode;
}

/** Numbered pages when the total is known; previous and next when it is not. */
export type ListPaging = { label: string; page: number; onPage: (page: number) => void } & (
  | { pages: number }
  | { more: boolean; previousLabel: string; nextLabel: string }
);

export interface SearchableListProps<T> {
  search: ListSearch;
  /** A framed search box (filters beside it), or a plain one above the table. */
  framed?: boolean;
  /** The query's state: pending, failed (with a retry), or its rows. */
  state: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  rows: readonly T[] | undefined;
  loadFailed: string;
  /** What an empty answer says, and its test id. */
  empty: { text: ReactNode; testId: string };
  /** The status line above the rows ("3 products found"). */
  count: ReactNode;
  table: {
    label: string;
    minWidth: number;
    columns: ReactNode[];
    rowKey: (row: T) => string;
    /** The row's cells (`Table.Td`s). */
    cells: (row: T) => ReactNode;
  };
  paging?: ListPaging & { shown: boolean };
  gap?: 'sm' | 'md';
}

/**
 * The search box's three texts from one place in the catalogue: `<prefix>.search` (its label),
 * `<prefix>.searchHint`, and the button's `apply`.
 */
export const searchTexts = (t: (key: string) => string, prefix: string, apply: string) => ({
  label: t(`${prefix}.search`),
  hint: t(`${prefix}.searchHint`),
  applyLabel: t(apply),
});

function SearchBox({ search, framed }: { search: ListSearch; framed: boolean }) {
  const [typed, setTyped] = useState(search.query);
  const form = (
    <form
      aria-label={search.label}
      onSubmit={(event) => {
        event.preventDefault();
        search.onSearch(typed.trim());
      }}
    >
      <Stack gap="sm">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={search.label}
            description={search.hint}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            style={{ flex: '1 1 14rem' }}
          />
          <Button
            type="submit"
            variant={framed ? 'filled' : 'outline'}
            leftSection={<IconSearch size={18} aria-hidden />}
          >
            {search.applyLabel}
          </Button>
        </Group>
        {search.filters}
      </Stack>
    </form>
  );
  return framed ? (
    <Paper withBorder p="md">
      {form}
    </Paper>
  ) : (
    form
  );
}

function Paging({ paging }: { paging: ListPaging }) {
  if ('pages' in paging)
    return (
      <nav aria-label={paging.label}>
        <Pagination total={paging.pages} value={paging.page} onChange={paging.onPage} />
      </nav>
    );
  return (
    <Group component="nav" aria-label={paging.label}>
      <Button variant="default" disabled={paging.page <= 1} onClick={() => paging.onPage(paging.page - 1)}>
        {paging.previousLabel}
      </Button>
      <Button variant="default" disabled={!paging.more} onClick={() => paging.onPage(paging.page + 1)}>
        {paging.nextLabel}
      </Button>
    </Group>
  );
}

/**
 * A searched list: the search box, then the rows as a table with their count, or the load's
 * state (loading, failed with a retry, nothing found), then the pages. The caller keeps the
 * words and the page (in the URL) and runs the query.
 */
export function SearchableList<T>(props: SearchableListProps<T>) {
  const { state, rows, table } = props;
  return (
    <Stack gap={props.gap ?? 'sm'}>
      <SearchBox search={props.search} framed={props.framed ?? false} />
      {state.isPending ? (
        <Loading />
      ) : state.isError || !rows ? (
        <LoadError
          title={props.loadFailed}
          error={state.error}
          onRetry={() => void state.refetch()}
          retrying={state.isFetching}
        />
      ) : rows.length === 0 ? (
        <Paper withBorder p="lg" data-testid={props.empty.testId}>
          <Text fw={600}>{props.empty.text}</Text>
        </Paper>
      ) : (
        <Stack gap="sm">
          <Text role="status">{props.count}</Text>
          <Table.ScrollContainer minWidth={table.minWidth}>
            <Table aria-label={table.label} highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {table.columns.map((column, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table
                    <Table.Th key={index}>{column}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={table.rowKey(row)}>{table.cells(row)}</Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      {props.paging?.shown ? <Paging paging={props.paging} /> : null}
    </Stack>
  );
}
