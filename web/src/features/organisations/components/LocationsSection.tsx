import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { locationProviderLabel } from '../../../lib/labels.ts';
import { useAddLocation } from '../api/add-location.ts';
import { useLocations } from '../api/get-locations.ts';

/** The organisation's locations, and (for those who may) a form to add one by hand. */
export function LocationsSection({ organisationId, canEdit }: { organisationId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const locations = useLocations(organisationId);
  const add = useAddLocation(organisationId);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submits, setSubmits] = useState(0);
  const [done, setDone] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrorItem[] = name.trim()
      ? []
      : [{ fieldId: 'location-name', message: t('organisations.locations.errors.nameMissing') }];
    setErrors(found);
    setSubmits((n) => n + 1);
    if (found.length) return;
    add.mutate(
      { name: name.trim(), code: code.trim() || null },
      {
        onSuccess: () => {
          setName('');
          setCode('');
          setOpen(false);
          setDone(true);
        },
      },
    );
  }

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="locations-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="locations-title">
          {t('organisations.locations.title')}
        </Title>
        {canEdit && !open ? (
          <Button
            variant="light"
            onClick={() => {
              setOpen(true);
              setDone(false);
            }}
          >
            {t('organisations.locations.add')}
          </Button>
        ) : null}
      </Group>
      {done ? (
        <Alert color="green" mb="sm" role="status">
          {t('organisations.locations.added')}
        </Alert>
      ) : null}
      {locations.isPending ? (
        <Skeleton height={40} aria-label={t('common.loading')} />
      ) : locations.isError ? (
        <LoadError
          title={t('organisations.detail.loadFailed')}
          error={locations.error}
          onRetry={() => void locations.refetch()}
          retrying={locations.isFetching}
        />
      ) : locations.data.length === 0 ? (
        <Text>{t('organisations.locations.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={400}>
          <Table verticalSpacing="xs" aria-labelledby="locations-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('organisations.locations.name')}</Table.Th>
                <Table.Th scope="col">{t('organisations.locations.code')}</Table.Th>
                <Table.Th scope="col">{t('organisations.locations.provider')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {locations.data.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td>{l.code ?? '—'}</Table.Td>
                  <Table.Td>{locationProviderLabel(t, l.locationProvider)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {open ? (
        <form noValidate onSubmit={handleSubmit} aria-label={t('organisations.locations.add')}>
          <Stack gap="sm" mt="md">
            <ErrorSummary title={t('common.errorSummaryTitle')} errors={errors} focusKey={submits} />
            {add.isError ? <Alert color="red">{apiErrorMessage(add.error, t)}</Alert> : null}
            <TextInput
              id="location-name"
              label={t('organisations.locations.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors[0]?.message}
            />
            <TextInput
              id="location-code"
              label={`${t('organisations.locations.code')} ${t('organisations.form.optional')}`}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              maw={240}
            />
            <Group>
              <Button type="submit" loading={add.isPending}>
                {t('organisations.locations.add')}
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  setOpen(false);
                  setErrors([]);
                }}
              >
                {t('organisations.form.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Paper>
  );
}
