import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TerminologyArrangement, TerminologyEntry } from '@vigilo/contract';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useOrganisationScope } from '../../../components/organisation-scope/use-organisation-scope.tsx';
import { EditDeleteActions } from '../../../components/ui/EditDeleteActions.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { SearchableList, searchTexts } from '../../../components/ui/SearchableList.tsx';
import { apiErrorMessage, readApiFailure } from '../../../lib/api-errors.ts';
import { readFieldErrors } from '../../../lib/server-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  ENTRIES_PAGE_SIZE,
  useArrangements,
  useCreateArrangement,
  useDeleteArrangement,
  useDeleteEntry,
  useDictionaries,
  useDictionaryEntries,
  useEntriesPage,
} from '../api/terminology.ts';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import { EntryDialog } from '../components/EntryDialog.tsx';
import { useRefdataTexts } from '../texts/use-refdata-texts.ts';
import { useListParams } from './list-params.ts';

/** An entry's refused deletion: listed in arrangements (409 names them), or the refusal's sentence. */
function entryDeleteRefusal(error: unknown, t: TFunction): string {
  const meta = (error as { body?: { meta?: { arrangements?: unknown } } } | null)?.body?.meta;
  if (readApiFailure(error).status === 409 && Array.isArray(meta?.arrangements))
    return t('refdata.entries.listedIn', {
      count: meta.arrangements.length,
      names: meta.arrangements.map((n) => `“${String(n)}”`).join(', '),
    });
  return apiErrorMessage(error, t);
}

function Entries({ organisationId, dictionary }: { organisationId: string; dictionary: string }) {
  const { t } = useTranslation();
  const { query, page, go } = useListParams();
  const [editing, setEditing] = useState<TerminologyEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TerminologyEntry | null>(null);
  const entries = useEntriesPage(organisationId, dictionary, query, page);
  const all = useDictionaryEntries(organisationId, dictionary);
  const remove = useDeleteEntry(organisationId);
  const termOf = (id: string | null) => all.data?.find((e) => e.id === id);
  const total = entries.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ENTRIES_PAGE_SIZE));

  return (
    <Stack gap="sm" component="section" aria-labelledby="entries-title">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id="entries-title">
          {t('refdata.entries.title')}
        </Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('refdata.entries.new')}
        </Button>
      </Group>
      <SearchableList
        search={{
          ...searchTexts(t, 'refdata.entries', 'refdata.entries.apply'),
          query,
          onSearch: (q) => go({ q }),
        }}
        state={entries}
        rows={entries.data?.items}
        loadFailed={t('refdata.entries.loadFailed')}
        empty={{
          testId: 'entries-empty',
          text: query ? t('refdata.entries.noMatch', { query }) : t('refdata.entries.empty'),
        }}
        count={t('refdata.entries.count', { count: total })}
        table={{
          label: t('refdata.entries.table', { dictionary }),
          minWidth: 640,
          columns: [
            t('refdata.entry.code'),
            t('refdata.entry.term'),
            t('refdata.columns.parent'),
            t('refdata.columns.reference'),
            t('refdata.columns.translations'),
            <VisuallyHidden key="actions">{t('refdata.actions')}</VisuallyHidden>,
          ],
          rowKey: (entry) => entry.id,
          cells: (entry) => (
            <>
              <Table.Td fw={600}>{entry.code}</Table.Td>
              {/* The term as the dictionary's administrators wrote it: data, not interface text. */}
              <Table.Td translate="no">{entry.term}</Table.Td>
              <Table.Td translate="no">
                {entry.parentId ? (termOf(entry.parentId)?.term ?? '…') : '—'}
              </Table.Td>
              <Table.Td>{entry.reference ?? '—'}</Table.Td>
              <Table.Td>
                {Object.entries(entry.translations)
                  .map(([language, term]) => `${language}: ${term}`)
                  .join('; ') || '—'}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <EditDeleteActions
                    editLabel={t('refdata.entries.edit', { code: entry.code })}
                    deleteLabel={t('refdata.entries.delete', { code: entry.code })}
                    onEdit={() => setEditing(entry)}
                    onDelete={() => {
                      remove.reset();
                      setDeleting(entry);
                    }}
                  />
                </Group>
              </Table.Td>
            </>
          ),
        }}
        paging={{
          shown: pages > 1 && entries.isSuccess,
          label: t('refdata.entries.pagination'),
          page,
          pages,
          onPage: (p) => go({ page: p }),
        }}
      />
      {editing ? (
        <EntryDialog
          organisationId={organisationId}
          dictionary={dictionary}
          entry={editing === 'new' ? null : editing}
          siblings={all.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDelete
          title={t('refdata.entries.deleteTitle', { code: deleting.code })}
          body={t('refdata.entries.deleteBody', { term: deleting.term })}
          refusal={remove.isError ? entryDeleteRefusal(remove.error, t) : null}
          pending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
        />
      ) : null}
    </Stack>
  );
}

function NewArrangement({
  organisationId,
  dictionary,
  onClose,
}: {
  organisationId: string;
  dictionary: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);
  const create = useCreateArrangement(organisationId);
  const taken = readFieldErrors(create.error).some((f) => f.field === 'body/name');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!name.trim()) return;
    create.mutate(
      { name: name.trim(), dictionary, description: description.trim(), items: [] },
      { onSuccess: (created) => void navigate(`/admin/dictionaries/arrangements/${created.id}`) },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('refdata.arrangements.newTitle', { dictionary })}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            id="arrangement-name"
            label={t('refdata.arrangements.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={
              tried && !name.trim()
                ? t('refdata.arrangements.nameMissing')
                : taken
                  ? t('refdata.arrangements.nameTaken')
                  : undefined
            }
            data-autofocus
          />
          <Textarea
            id="arrangement-description"
            label={t('refdata.arrangements.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          {create.isError && !taken ? (
            <Text c="red" role="alert" size="sm">
              {apiErrorMessage(create.error, t)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('refdata.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('refdata.arrangements.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function Arrangements({ organisationId, dictionary }: { organisationId: string; dictionary: string }) {
  const { t } = useTranslation();
  const arrangements = useArrangements(organisationId, dictionary);
  const remove = useDeleteArrangement(organisationId);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TerminologyArrangement | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="arrangements-title">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={2} size="h3" id="arrangements-title">
            {t('refdata.arrangements.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('refdata.arrangements.lead')}
          </Text>
        </Stack>
        <Button
          variant="outline"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setCreating(true)}
        >
          {t('refdata.arrangements.new')}
        </Button>
      </Group>
      {arrangements.isPending ? (
        <Loading />
      ) : arrangements.isError ? (
        <LoadError
          title={t('refdata.arrangements.loadFailed')}
          error={arrangements.error}
          onRetry={() => void arrangements.refetch()}
          retrying={arrangements.isFetching}
        />
      ) : arrangements.data.length === 0 ? (
        <Paper withBorder p="lg" data-testid="arrangements-empty">
          <Text fw={600}>{t('refdata.arrangements.empty')}</Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={t('refdata.arrangements.table', { dictionary })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('refdata.arrangements.name')}</Table.Th>
                <Table.Th>{t('refdata.columns.description')}</Table.Th>
                <Table.Th>{t('refdata.arrangements.items')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('refdata.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {arrangements.data.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/dictionaries/arrangements/${a.id}`} fw={600}>
                      {a.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{a.description || '—'}</Table.Td>
                  <Table.Td>{t('refdata.arrangements.itemCount', { count: a.items.length })}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t('refdata.arrangements.delete', { name: a.name })}
                      onClick={() => {
                        remove.reset();
                        setDeleting(a);
                      }}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {creating ? (
        <NewArrangement
          organisationId={organisationId}
          dictionary={dictionary}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDelete
          title={t('refdata.arrangements.deleteTitle', { name: deleting.name })}
          body={t('refdata.arrangements.deleteBody')}
          refusal={remove.isError ? apiErrorMessage(remove.error, t) : null}
          pending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
        />
      ) : null}
    </Stack>
  );
}

/**
 * /admin/dictionaries (issue 13, decision 0110): an organisation's dictionaries, one at a time
 * (`?dictionary=`), with its entries (search, add, change, delete) and its arrangements (the
 * picklists forms show; each opens in the tree editor).
 */
export function DictionariesPage() {
  useRefdataTexts();
  const { t } = useTranslation();
  useDocumentTitle(t('refdata.dictionaries.title'));
  const scope = useOrganisationScope('dictionaries-organisation');
  const [params, setParams] = useSearchParams();
  const dictionaries = useDictionaries(scope.organisationId);
  const [adding, setAdding] = useState(false);
  const names = dictionaries.data ?? [];
  const wanted = params.get('dictionary');
  const dictionary = wanted && names.includes(wanted) ? wanted : (names[0] ?? '');
  const choose = (name: string) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      p.set('dictionary', name);
      p.delete('q');
      p.delete('page');
      return p;
    });

  return (
    <>
      <PageHeader title={t('refdata.dictionaries.title')} lead={t('refdata.dictionaries.lead')} />
      {scope.picker ? <div style={{ marginBottom: 'var(--mantine-spacing-md)' }}>{scope.picker}</div> : null}
      {!scope.organisationId ? (
        scope.picker ? (
          <Text>{t('refdata.dictionaries.chooseOrganisation')}</Text>
        ) : null
      ) : dictionaries.isPending ? (
        <Loading />
      ) : dictionaries.isError ? (
        <LoadError
          title={t('refdata.dictionaries.loadFailed')}
          error={dictionaries.error}
          onRetry={() => void dictionaries.refetch()}
          retrying={dictionaries.isFetching}
        />
      ) : names.length === 0 ? (
        <Paper withBorder p="lg" data-testid="dictionaries-empty">
          <Text fw={600}>{t('refdata.dictionaries.empty')}</Text>
          <Text mt="xs">{t('refdata.dictionaries.emptyHint')}</Text>
          <Button mt="md" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
            {t('refdata.entries.new')}
          </Button>
        </Paper>
      ) : (
        <Stack gap="xl">
          <Group align="flex-end" wrap="wrap">
            <Select
              id="dictionary"
              label={t('refdata.dictionaries.dictionary')}
              data={names}
              value={dictionary}
              allowDeselect={false}
              onChange={(value) => value && choose(value)}
              searchable
              maw={360}
              style={{ flex: '1 1 14rem' }}
            />
          </Group>
          <Entries
            key={`${scope.organisationId}/${dictionary}`}
            organisationId={scope.organisationId}
            dictionary={dictionary}
          />
          <Arrangements organisationId={scope.organisationId} dictionary={dictionary} />
        </Stack>
      )}
      {adding && scope.organisationId ? (
        <EntryDialog
          organisationId={scope.organisationId}
          dictionary=""
          entry={null}
          siblings={[]}
          onClose={() => setAdding(false)}
          onSaved={(entry) => {
            setAdding(false);
            choose(entry.dictionary);
          }}
        />
      ) : null}
    </>
  );
}
