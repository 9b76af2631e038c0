import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type ChangeRequestStatus, changeRequestStatuses, type RoleName, roleNames } from '@vigilo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountTypeLabel, accountTypes, codeOptions } from '../../../lib/labels.ts';
import { useOrganisationOptions } from '../../../lib/organisation-options.ts';
import { roleLabelKey } from '../../../lib/roles.ts';
import type { UserSearch } from '../api/search-users.ts';

export const emptySearch: UserSearch = {
  query: '',
  organisationIds: [],
  roleIds: [],
  changeRequestStatuses: [],
  accountTypes: [],
  includeDeactivated: false,
  includeOnlyDeletionRequests: false,
  page: 1,
};

/** Every filter of GET /v1/users; applied on submit (page 1), cleared with one button. */
export function UserFilters({
  initial,
  onSearch,
}: {
  initial: UserSearch;
  onSearch: (search: UserSearch) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<UserSearch>(initial);
  const organisations = useOrganisationOptions();
  const set = <K extends keyof UserSearch>(key: K, value: UserSearch[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch({ ...draft, page: 1 });
  }

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="user-filters-title" mb="lg">
      <form noValidate onSubmit={submit} aria-labelledby="user-filters-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="user-filters-title">
            {t('users.list.filtersTitle')}
          </Title>
          <TextInput
            id="users-query"
            label={t('users.list.query')}
            value={draft.query}
            onChange={(e) => set('query', e.currentTarget.value)}
            type="search"
          />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <MultiSelect
              label={t('users.list.organisations')}
              data={(organisations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              value={draft.organisationIds}
              onChange={(value) => set('organisationIds', value)}
              searchable
              clearable
            />
            <MultiSelect
              label={t('users.list.roles')}
              data={roleNames.map((r) => ({ value: r, label: t(roleLabelKey(r)) }))}
              value={draft.roleIds}
              onChange={(value) => set('roleIds', value as RoleName[])}
              clearable
            />
            <MultiSelect
              label={t('users.list.changeRequestStatuses')}
              data={changeRequestStatuses.map((s) => ({ value: s, label: t(`users.changeStatus.${s}`) }))}
              value={draft.changeRequestStatuses}
              onChange={(value) => set('changeRequestStatuses', value as ChangeRequestStatus[])}
              clearable
            />
            <MultiSelect
              label={t('users.list.accountTypes')}
              data={codeOptions(t, accountTypes, accountTypeLabel)}
              value={draft.accountTypes}
              onChange={(value) => set('accountTypes', value)}
              clearable
            />
          </SimpleGrid>
          <Group gap="xl">
            <Checkbox
              label={t('users.list.includeDeactivated')}
              checked={draft.includeDeactivated}
              onChange={(e) => set('includeDeactivated', e.currentTarget.checked)}
            />
            <Checkbox
              label={t('users.list.onlyDeletionRequests')}
              checked={draft.includeOnlyDeletionRequests}
              onChange={(e) => set('includeOnlyDeletionRequests', e.currentTarget.checked)}
            />
          </Group>
          <Group>
            <Button type="submit" leftSection={<IconSearch size={18} aria-hidden />}>
              {t('users.list.search')}
            </Button>
            <Button
              variant="subtle"
              onClick={() => {
                setDraft(emptySearch);
                onSearch(emptySearch);
              }}
            >
              {t('users.list.clear')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
