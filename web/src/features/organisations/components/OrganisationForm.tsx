import { Button, Group, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { Organisation, OrganisationUpdate } from '@vigilo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';

const kinds = [
  'regulator',
  'hospital',
  'marketing_authorisation_holder',
  'vaccine_programme',
  'other',
] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The IANA zones the browser knows (its list leaves out `UTC` itself), for the time zone field. */
const TIME_ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone')];

interface Props {
  organisation: Organisation;
  pending: boolean;
  onSubmit: (changes: OrganisationUpdate) => void;
  onCancel: () => void;
  onErrorsChange?: (hasErrors: boolean) => void;
}

/** Edits an organisation's details; validates on submit with a GOV.UK error summary. */
export function OrganisationForm({ organisation, pending, onSubmit, onCancel, onErrorsChange }: Props) {
  const { t } = useTranslation();
  const optional = ` ${t('organisations.form.optional')}`;
  const [values, setValues] = useState({
    name: organisation.name,
    kind: organisation.kind,
    country: organisation.country ?? '',
    email: organisation.email ?? '',
    phone: organisation.phone ?? '',
    website: organisation.website ?? '',
    address: organisation.address,
    description: organisation.description,
    timeZone: organisation.timeZone,
  });
  const [acceptsRequests, setAcceptsRequests] = useState(organisation.acceptsAccountRequests);
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submits, setSubmits] = useState(0);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const errorFor = (id: string) => errors.find((e) => e.fieldId === id)?.message;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrorItem[] = [];
    if (!values.name.trim())
      found.push({ fieldId: 'org-name', message: t('organisations.form.errors.nameMissing') });
    if (values.country.trim() && !/^[A-Za-z]{2}$/.test(values.country.trim()))
      found.push({ fieldId: 'org-country', message: t('organisations.form.errors.countryFormat') });
    if (values.email.trim() && !EMAIL.test(values.email.trim()))
      found.push({ fieldId: 'org-email', message: t('organisations.form.errors.emailFormat') });
    setErrors(found);
    setSubmits((n) => n + 1);
    onErrorsChange?.(found.length > 0);
    if (found.length) return;
    const orNull = (s: string) => (s.trim() ? s.trim() : null);
    onSubmit({
      name: values.name.trim(),
      kind: values.kind as OrganisationUpdate['kind'],
      country: orNull(values.country)?.toUpperCase() ?? null,
      email: orNull(values.email),
      phone: orNull(values.phone),
      website: orNull(values.website),
      address: values.address.trim(),
      description: values.description.trim(),
      timeZone: values.timeZone,
      acceptsAccountRequests: acceptsRequests,
    });
  }

  const f = (key: string) => t(`organisations.detail.fields.${key}`);
  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <ErrorSummary title={t('common.errorSummaryTitle')} errors={errors} focusKey={submits} />
        <TextInput
          id="org-name"
          label={f('name')}
          value={values.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={errorFor('org-name')}
        />
        <Select
          id="org-kind"
          label={f('kind')}
          data={kinds.map((k) => ({ value: k, label: t(`organisations.kinds.${k}`) }))}
          value={values.kind}
          onChange={(v) => set('kind')(v ?? 'other')}
          allowDeselect={false}
        />
        <TextInput
          id="org-country"
          label={f('country') + optional}
          description={f('countryHint')}
          value={values.country}
          onChange={(e) => set('country')(e.currentTarget.value)}
          error={errorFor('org-country')}
          maw={200}
        />
        <TextInput
          id="org-email"
          type="email"
          label={f('email') + optional}
          value={values.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          error={errorFor('org-email')}
        />
        <TextInput
          id="org-phone"
          type="tel"
          label={f('phone') + optional}
          value={values.phone}
          onChange={(e) => set('phone')(e.currentTarget.value)}
        />
        <TextInput
          id="org-website"
          label={f('website') + optional}
          value={values.website}
          onChange={(e) => set('website')(e.currentTarget.value)}
        />
        <Textarea
          id="org-address"
          label={f('address') + optional}
          value={values.address}
          onChange={(e) => set('address')(e.currentTarget.value)}
          rows={3}
        />
        <Textarea
          id="org-description"
          label={f('description') + optional}
          value={values.description}
          onChange={(e) => set('description')(e.currentTarget.value)}
          rows={3}
        />
        <Select
          id="org-time-zone"
          label={f('timeZone')}
          description={t('organisations.form.timeZoneHint')}
          data={TIME_ZONES.includes(values.timeZone) ? TIME_ZONES : [values.timeZone, ...TIME_ZONES]}
          value={values.timeZone}
          onChange={(v) => set('timeZone')(v ?? values.timeZone)}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('organisations.form.timeZoneNone')}
          maxDropdownHeight={280}
        />
        <Switch
          id="org-accepts-account-requests"
          label={t('organisations.form.acceptsAccountRequests')}
          description={t('organisations.form.acceptsAccountRequestsHint')}
          checked={acceptsRequests}
          onChange={(e) => setAcceptsRequests(e.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" loading={pending}>
            {t('organisations.form.save')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('organisations.form.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
