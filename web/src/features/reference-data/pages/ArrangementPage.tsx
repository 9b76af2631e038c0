import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import type { TerminologyArrangement } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { apiErrorMessage, readApiFailure } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useArrangement, useDictionaryEntries, useSaveArrangementItems } from '../api/terminology.ts';
import { ArrangementTree } from '../components/ArrangementTree.tsx';
import { addItem, type Item, sameItems } from '../components/arrangement-tree.ts';
import { useRefdataTexts } from '../texts/use-refdata-texts.ts';

function Editor({ arrangement }: { arrangement: TerminologyArrangement }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Item[]>(arrangement.items);
  const [adding, setAdding] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const entries = useDictionaryEntries(arrangement.organisationId, arrangement.dictionary);
  const save = useSaveArrangementItems(arrangement.id);
  const byId = new Map((entries.data ?? []).map((e) => [e.id, e]));
  const labelOf = (id: string) => {
    const entry = byId.get(id);
    return entry ? `${entry.term} (${entry.code})` : t('refdata.tree.unknownEntry');
  };
  const changed = !sameItems(items, arrangement.items);
  const listed = new Set(items.map((i) => i.entryId));
  const addable = (entries.data ?? [])
    .filter((e) => !listed.has(e.id))
    .map((e) => ({ value: e.id, label: `${e.term} (${e.code})` }));
  const failure = save.error;

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light">
          {t('refdata.arrangement.dictionary', { dictionary: arrangement.dictionary })}
        </Badge>
        {changed ? (
          <Badge color="yellow" variant="light" data-testid="unsaved">
            {t('refdata.arrangement.unsaved')}
          </Badge>
        ) : null}
      </Group>
      {arrangement.description ? <Text>{arrangement.description}</Text> : null}
      <Text size="sm" c="dimmed" id="tree-keyboard-hint">
        {t('refdata.tree.hint')}
      </Text>
      {entries.isError ? (
        <LoadError
          title={t('refdata.arrangement.entriesFailed')}
          error={entries.error}
          onRetry={() => void entries.refetch()}
          retrying={entries.isFetching}
        />
      ) : null}
      {items.length === 0 ? (
        <Paper withBorder p="lg" data-testid="arrangement-empty">
          <Text fw={600}>{t('refdata.arrangement.empty')}</Text>
          <Text mt="xs">{t('refdata.arrangement.emptyHint')}</Text>
        </Paper>
      ) : (
        <Paper withBorder p="xs">
          <ArrangementTree
            items={items}
            labelOf={labelOf}
            onChange={(next) => {
              setSaved(false);
              save.reset();
              setItems(next);
            }}
          />
        </Paper>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!adding) return;
          setItems((current) => addItem(current, adding));
          setAdding(null);
          setSaved(false);
        }}
      >
        <Group align="flex-end" wrap="wrap">
          <Select
            id="arrangement-add"
            label={t('refdata.arrangement.add')}
            description={t('refdata.arrangement.addHint')}
            placeholder={entries.isPending ? t('common.loading') : undefined}
            data={addable}
            value={adding}
            onChange={setAdding}
            searchable
            nothingFoundMessage={t('refdata.arrangement.nothingToAdd')}
            style={{ flex: '1 1 16rem' }}
            maw={480}
          />
          <Button
            type="submit"
            variant="outline"
            leftSection={<IconPlus size={18} aria-hidden />}
            disabled={!adding}
          >
            {t('refdata.arrangement.addButton')}
          </Button>
        </Group>
      </form>
      {failure ? (
        <Alert
          color="red"
          role="alert"
          title={t('refdata.arrangement.notSaved')}
          data-testid="arrangement-refused"
        >
          {readApiFailure(failure).status === 412 ? t('refdata.entry.stale') : apiErrorMessage(failure, t)}
        </Alert>
      ) : null}
      {saved && !changed ? (
        <Alert color="green" role="status" data-testid="arrangement-saved">
          {t('refdata.arrangement.saved')}
        </Alert>
      ) : null}
      <Group>
        <Button
          leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          loading={save.isPending}
          disabled={!changed}
          onClick={() =>
            save.mutate(items, {
              onSuccess: (stored) => {
                setItems(stored.items);
                setSaved(true);
              },
            })
          }
        >
          {t('refdata.arrangement.save')}
        </Button>
        <Button variant="default" disabled={!changed} onClick={() => setItems(arrangement.items)}>
          {t('refdata.arrangement.discard')}
        </Button>
      </Group>
    </Stack>
  );
}

/** /admin/dictionaries/arrangements/{id}: one arrangement's tree, reordered by drag or keyboard and saved whole. */
export function ArrangementPage() {
  useRefdataTexts();
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const arrangement = useArrangement(id);
  useDocumentTitle(arrangement.data?.name ?? t('refdata.arrangement.title'));
  const back = arrangement.data
    ? `/admin/dictionaries?dictionary=${encodeURIComponent(arrangement.data.dictionary)}`
    : '/admin/dictionaries';
  return (
    <>
      <Anchor component={Link} to={back} size="sm">
        {t('refdata.arrangement.back')}
      </Anchor>
      {arrangement.isPending ? (
        <Center p="xl" aria-busy="true">
          <Loader aria-hidden />
          <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
        </Center>
      ) : arrangement.isError ? (
        <>
          <Title order={1} mb="md">
            {t('refdata.arrangement.title')}
          </Title>
          <LoadError
            title={t('refdata.arrangement.loadFailed')}
            error={arrangement.error}
            onRetry={() => void arrangement.refetch()}
            retrying={arrangement.isFetching}
          />
        </>
      ) : (
        <>
          <PageHeader title={arrangement.data.name} lead={t('refdata.arrangement.lead')} />
          <Editor key={arrangement.data.id} arrangement={arrangement.data} />
        </>
      )}
    </>
  );
}
