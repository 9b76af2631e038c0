import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDeviceFloppy, IconTrash, IconUsers } from '@tabler/icons-react';
import type { SavedSearch } from '@vigilo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import type { InboxSearch } from '../api/cases.ts';
import {
  searchFromFilters,
  useDeleteSavedSearch,
  useSavedSearches,
  useSaveSearch,
} from '../api/saved-searches.ts';

function SaveDialog({
  opened,
  onClose,
  search,
}: {
  opened: boolean;
  onClose: () => void;
  search: InboxSearch;
}) {
  const { t } = useTranslation();
  const save = useSaveSearch();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [missing, setMissing] = useState(false);
  const close = () => {
    setName('');
    setShared(false);
    setMissing(false);
    save.reset();
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) {
      setMissing(true);
      return;
    }
    save.mutate({ name: name.trim(), shared, search }, { onSuccess: close });
  };
  return (
    <Modal opened={opened} onClose={close} title={t('casesView.saved.saveTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('casesView.saved.saveLead')}</Text>
          <TextInput
            label={t('casesView.saved.name')}
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.currentTarget.value)}
            error={missing ? t('casesView.saved.nameMissing') : undefined}
            data-autofocus
          />
          <Checkbox
            label={t('casesView.saved.share')}
            description={t('casesView.saved.shareHint')}
            checked={shared}
            onChange={(event) => setShared(event.currentTarget.checked)}
          />
          {save.isError ? (
            <Alert color="red" title={t('casesView.saved.failed')}>
              {apiErrorMessage(save.error, t)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('casesView.case.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('casesView.saved.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Saved searches (decision 0105): the caller's own and those shared in the organisation, each
 * applied with one click; the current filters saved under a name, shared or not; the caller's
 * own deleted.
 */
export function SavedSearches({
  search,
  onApply,
}: {
  search: InboxSearch;
  onApply: (next: InboxSearch) => void;
}) {
  const { t } = useTranslation();
  const saved = useSavedSearches();
  const remove = useDeleteSavedSearch();
  const [saving, setSaving] = useState(false);
  const items: SavedSearch[] = saved.data ?? [];
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-label={t('casesView.saved.title')}>
      <Group justify="space-between" align="center" mb={items.length || saved.isError ? 'sm' : 0} wrap="wrap">
        <Text fw={600} component="h2" size="md" m={0}>
          {t('casesView.saved.title')}
        </Text>
        <Button
          variant="light"
          size="compact-md"
          leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          onClick={() => setSaving(true)}
        >
          {t('casesView.saved.saveCurrent')}
        </Button>
      </Group>
      {saved.isError ? (
        <Text size="sm" c="red">
          {t('casesView.saved.loadFailed')}
        </Text>
      ) : saved.isSuccess && items.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          {t('casesView.saved.none')}
        </Text>
      ) : (
        <Group gap="xs" component="ul" role="list" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <Group key={item.id} gap={2} component="li" wrap="nowrap">
              <Button
                variant="default"
                size="compact-md"
                leftSection={item.shared ? <IconUsers size={16} aria-hidden /> : null}
                onClick={() => onApply(searchFromFilters(item.filters))}
                title={item.shared && !item.mine ? t('casesView.saved.sharedByColleague') : undefined}
                // The name as shown, then "shared" for those who cannot see the icon.
                aria-label={item.shared ? `${item.name} (${t('casesView.saved.shared')})` : undefined}
              >
                {item.name}
              </Button>
              {item.mine ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('casesView.saved.delete', { name: item.name })}
                  loading={remove.isPending && remove.variables === item.id}
                  onClick={() => remove.mutate(item.id)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              ) : null}
            </Group>
          ))}
        </Group>
      )}
      {remove.isError ? (
        <Text size="sm" c="red" role="alert" mt="xs">
          {apiErrorMessage(remove.error, t)}
        </Text>
      ) : null}
      <SaveDialog opened={saving} onClose={() => setSaving(false)} search={search} />
    </Paper>
  );
}
