import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { SenderProfile, SenderProfileBody } from '@vigilo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { InlinePanel } from '../../../components/ui/InlinePanel.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { readStaleWrite } from '../../../lib/stale-write.ts';
import { useSenderProfile } from '../api/get-sender-profile.ts';
import { useUpdateSenderProfile } from '../api/update-sender-profile.ts';

/** The text fields of the profile, in the order of E2B(R3) C.3, with their data element ids. */
const TEXT_FIELDS = [
  ['organisation', 'C.3.2', 100],
  ['department', 'C.3.3.1', 60],
  ['title', 'C.3.3.2', 50],
  ['givenName', 'C.3.3.3', 60],
  ['familyName', 'C.3.3.5', 60],
  ['street', 'C.3.4.1', 100],
  ['city', 'C.3.4.2', 35],
  ['state', 'C.3.4.3', 40],
  ['postcode', 'C.3.4.4', 15],
  ['country', 'C.3.4.5', 2],
  ['telephone', 'C.3.4.6', 33],
  ['email', 'C.3.4.8', 100],
] as const;
const SENDER_TYPES = ['1', '2', '3', '4', '5', '6'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Key = 'identifier' | 'type' | (typeof TEXT_FIELDS)[number][0];
type Values = Record<Key, string>;

const valuesOf = (p: SenderProfile): Values =>
  Object.fromEntries(
    (['identifier', 'type', ...TEXT_FIELDS.map(([k]) => k)] as Key[]).map((k) => [k, p[k] ?? '']),
  ) as Values;

/**
 * The organisation's E2B(R3) sender (decision 0242): what every message says in C.3, and the
 * identifier inside its case ids. Staff read it; administrators change it.
 */
export function SenderProfileSection({
  organisationId,
  canEdit,
}: {
  organisationId: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const profile = useSenderProfile(organisationId);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const label = (key: Key) => t(`organisations.senderProfile.fields.${key}`);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="sender-profile-title">
      <Title order={2} size="h3" id="sender-profile-title">
        {t('organisations.senderProfile.title')}
      </Title>
      <Text c="dimmed" mb="sm">
        {t('organisations.senderProfile.lead')}
      </Text>
      {saved ? (
        <Alert color="green" role="status" withCloseButton onClose={() => setSaved(false)} mb="sm">
          {t('organisations.senderProfile.saved')}
        </Alert>
      ) : null}
      {profile.isPending ? (
        <Skeleton height={80} aria-label={t('common.loading')} />
      ) : profile.isError ? (
        <LoadError
          title={t('organisations.detail.loadFailed')}
          error={profile.error}
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      ) : editing ? (
        <InlinePanel>
          <SenderProfileForm
            organisationId={organisationId}
            profile={profile.data}
            onDone={(done) => {
              setEditing(false);
              setSaved(done);
            }}
          />
        </InlinePanel>
      ) : (
        <>
          {profile.data.version === 0 ? <Text mb="sm">{t('organisations.senderProfile.empty')}</Text> : null}
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" m={0}>
            {(['identifier', 'type', ...TEXT_FIELDS.map(([k]) => k)] as Key[]).map((key) => {
              const value = profile.data[key];
              return (
                <div key={key}>
                  <Text component="dt" fw={600} size="sm">
                    {label(key)}
                  </Text>
                  <Text component="dd" m={0}>
                    {value
                      ? key === 'type'
                        ? t(`organisations.senderProfile.types.${value}`)
                        : value
                      : t('common.notProvided')}
                  </Text>
                </div>
              );
            })}
          </SimpleGrid>
          {canEdit ? (
            <Group mt="sm">
              <Button
                id="sender-profile-edit"
                variant="light"
                onClick={() => {
                  setEditing(true);
                  setSaved(false);
                }}
              >
                {t('organisations.senderProfile.edit')}
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Paper>
  );
}

function SenderProfileForm(props: {
  organisationId: string;
  profile: SenderProfile;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateSenderProfile(props.organisationId);
  const [base, setBase] = useState(props.profile);
  const [values, setValues] = useState(() => valuesOf(props.profile));
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submits, setSubmits] = useState(0);
  const optional = (key: Key) =>
    `${t(`organisations.senderProfile.fields.${key}`)} ${t('organisations.form.optional')}`;
  const errorFor = (key: Key) => errors.find((e) => e.fieldId === `sender-${key}`)?.message;
  const set = (key: Key) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const stale = readStaleWrite<SenderProfile>(update.error);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const v = Object.fromEntries(Object.entries(values).map(([k, s]) => [k, s.trim()])) as Values;
    const found: FieldErrorItem[] = [];
    const error = (key: Key, message: string) => found.push({ fieldId: `sender-${key}`, message });
    if (v.identifier && !/^[A-Za-z0-9]{1,40}$/.test(v.identifier))
      error('identifier', t('organisations.senderProfile.errors.identifier'));
    if (v.country && !/^[A-Za-z]{2}$/.test(v.country))
      error('country', t('organisations.senderProfile.errors.country'));
    if (v.email && !EMAIL.test(v.email)) error('email', t('organisations.senderProfile.errors.email'));
    for (const [key, , max] of TEXT_FIELDS)
      if (key !== 'country' && v[key].length > max)
        error(
          key,
          t('organisations.senderProfile.errors.tooLong', {
            label: t(`organisations.senderProfile.fields.${key}`),
            max,
          }),
        );
    setErrors(found);
    setSubmits((n) => n + 1);
    if (found.length) return;
    const body: SenderProfileBody = {};
    for (const [key, value] of Object.entries(v) as [Key, string][])
      if (value)
        Object.assign(body, {
          [key]: key === 'country' || key === 'identifier' ? value.toUpperCase() : value,
        });
    update.mutate({ profile: body, version: base.version }, { onSuccess: () => props.onDone(true) });
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="sender-profile-title">
      <Stack gap="md">
        <ErrorSummary title={t('common.errorSummaryTitle')} errors={errors} focusKey={submits} />
        {stale ? (
          <Alert color="orange" role="alert">
            {t('organisations.senderProfile.stale')}
            <Group mt="xs">
              <Button
                size="xs"
                variant="light"
                onClick={() => {
                  queryClient.setQueryData(
                    queryKeys.organisations.senderProfile(props.organisationId),
                    stale.current,
                  );
                  setBase(stale.current);
                  setValues(valuesOf(stale.current));
                  update.reset();
                }}
              >
                {t('organisations.senderProfile.useTheirs')}
              </Button>
            </Group>
          </Alert>
        ) : update.isError ? (
          <Alert color="red">{apiErrorMessage(update.error, t)}</Alert>
        ) : null}
        <TextInput
          id="sender-identifier"
          label={optional('identifier')}
          description={t('organisations.senderProfile.identifierHint')}
          value={values.identifier}
          onChange={(e) => set('identifier')(e.currentTarget.value)}
          error={errorFor('identifier')}
          maw={320}
        />
        <Select
          id="sender-type"
          label={optional('type')}
          data={SENDER_TYPES.map((code) => ({
            value: code,
            label: t(`organisations.senderProfile.types.${code}`),
          }))}
          value={values.type || null}
          onChange={(value) => set('type')(value ?? '')}
          clearable
        />
        {TEXT_FIELDS.map(([key, id]) => (
          <TextInput
            key={key}
            id={`sender-${key}`}
            type={key === 'email' ? 'email' : key === 'telephone' ? 'tel' : 'text'}
            label={optional(key)}
            description={key === 'country' ? t('organisations.senderProfile.countryHint', { id }) : id}
            value={values[key]}
            onChange={(e) => set(key)(e.currentTarget.value)}
            error={errorFor(key)}
            maw={key === 'country' || key === 'postcode' ? 200 : undefined}
          />
        ))}
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('organisations.senderProfile.save')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              update.reset();
              props.onDone(false);
            }}
          >
            {t('organisations.form.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
