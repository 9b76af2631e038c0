import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { InlinePanel } from '../../../components/ui/InlinePanel.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useAddContact } from '../api/add-contact.ts';
import { useContacts } from '../api/get-contacts.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The organisation's contacts, and (for those who may) a form to add one. */
export function ContactsSection({ organisationId, canEdit }: { organisationId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const contacts = useContacts(organisationId);
  const add = useAddContact(organisationId);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ name: '', title: '', email: '', phone: '' });
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submits, setSubmits] = useState(0);
  const [done, setDone] = useState(false);
  const errorFor = (id: string) => errors.find((e) => e.fieldId === id)?.message;
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrorItem[] = [];
    if (!values.name.trim())
      found.push({ fieldId: 'contact-name', message: t('organisations.contacts.errors.nameMissing') });
    if (values.email.trim() && !EMAIL.test(values.email.trim()))
      found.push({ fieldId: 'contact-email', message: t('organisations.contacts.errors.emailFormat') });
    setErrors(found);
    setSubmits((n) => n + 1);
    if (found.length) return;
    add.mutate(
      {
        name: values.name.trim(),
        title: values.title.trim(),
        email: values.email.trim() || null,
        phone: values.phone.trim() || null,
      },
      {
        onSuccess: () => {
          setValues({ name: '', title: '', email: '', phone: '' });
          setOpen(false);
          setDone(true);
        },
      },
    );
  }

  const optional = ` ${t('organisations.form.optional')}`;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="contacts-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="contacts-title">
          {t('organisations.contacts.title')}
        </Title>
        {canEdit && !open ? (
          <Button
            id="contacts-add"
            variant="light"
            onClick={() => {
              setOpen(true);
              setDone(false);
            }}
          >
            {t('organisations.contacts.add')}
          </Button>
        ) : null}
      </Group>
      {done ? (
        <Alert color="green" mb="sm" role="status">
          {t('organisations.contacts.added')}
        </Alert>
      ) : null}
      {contacts.isPending ? (
        <Skeleton height={40} aria-label={t('common.loading')} />
      ) : contacts.isError ? (
        <LoadError
          title={t('organisations.detail.loadFailed')}
          error={contacts.error}
          onRetry={() => void contacts.refetch()}
          retrying={contacts.isFetching}
        />
      ) : contacts.data.length === 0 ? (
        <Text>{t('organisations.contacts.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" aria-labelledby="contacts-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('organisations.contacts.name')}</Table.Th>
                <Table.Th scope="col">{t('organisations.contacts.titleField')}</Table.Th>
                <Table.Th scope="col">{t('organisations.contacts.email')}</Table.Th>
                <Table.Th scope="col">{t('organisations.contacts.phone')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contacts.data.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>{c.title || '—'}</Table.Td>
                  <Table.Td>{c.email ?? '—'}</Table.Td>
                  <Table.Td>{c.phone ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {open ? (
        <InlinePanel>
          <form noValidate onSubmit={handleSubmit} aria-label={t('organisations.contacts.add')}>
            <Stack gap="sm" mt="md">
              <ErrorSummary title={t('common.errorSummaryTitle')} errors={errors} focusKey={submits} />
              {add.isError ? <Alert color="red">{apiErrorMessage(add.error, t)}</Alert> : null}
              <TextInput
                id="contact-name"
                label={t('organisations.contacts.name')}
                value={values.name}
                onChange={(e) => set('name')(e.currentTarget.value)}
                error={errorFor('contact-name')}
              />
              <TextInput
                id="contact-title"
                label={t('organisations.contacts.titleField') + optional}
                value={values.title}
                onChange={(e) => set('title')(e.currentTarget.value)}
              />
              <TextInput
                id="contact-email"
                type="email"
                label={t('organisations.contacts.email') + optional}
                value={values.email}
                onChange={(e) => set('email')(e.currentTarget.value)}
                error={errorFor('contact-email')}
              />
              <TextInput
                id="contact-phone"
                type="tel"
                label={t('organisations.contacts.phone') + optional}
                value={values.phone}
                onChange={(e) => set('phone')(e.currentTarget.value)}
              />
              <Group>
                <Button type="submit" loading={add.isPending}>
                  {t('organisations.contacts.add')}
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
        </InlinePanel>
      ) : null}
    </Paper>
  );
}
