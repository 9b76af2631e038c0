import { Button, NativeSelect, PasswordInput, Stack, Text, Textarea } from '@mantine/core';
import type { Receiver } from '@vigilo/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { CREDENTIALS, credentialsAsked, type TransportValues } from './form-values.ts';
import { type TransportFieldsProps, TransportUrlInput, transportFieldId } from './TransportAddress.tsx';

/** What every transport's fields take: the values, a change, what is stored, the errors by field id. */

const id = transportFieldId;

/** The multi-line credentials (PEM) are text areas; the others are password inputs (never shown back). */
const PEM = ['certificate', 'privateKey'];

/** HTTPS: the address, a private CA, the authentication and its write-only credentials. */
export function HttpsTransportFields({ value, onChange, stored, errorFor }: TransportFieldsProps) {
  const { t } = useTranslation();
  const needed = CREDENTIALS[value.auth];
  const asked = credentialsAsked(value, stored);
  const setCredential = (name: string, text: string) =>
    onChange({ credentials: { ...value.credentials, [name]: text } });
  return (
    <Stack gap="sm">
      <TransportUrlInput
        value={value}
        onChange={onChange}
        stored={stored}
        errorFor={errorFor}
        hint={t('receivers.form.urlHint')}
      />
      <Textarea
        id={id('ca')}
        label={t('receivers.form.caCertificate')}
        description={t('receivers.form.caHint')}
        rows={3}
        ff="monospace"
        value={value.caCertificate}
        onChange={(e) => onChange({ caCertificate: e.currentTarget.value })}
      />
      <NativeSelect
        id={id('auth')}
        label={t('receivers.form.authKind')}
        value={value.auth}
        data={(['none', 'bearer', 'basic', 'client_certificate'] as const).map((a) => ({
          value: a,
          label: t(`receivers.auth.${a}`),
        }))}
        onChange={(e) =>
          onChange({
            auth: e.currentTarget.value as TransportValues['auth'],
            credentials: {},
            replaceCredentials: false,
          })
        }
      />
      {needed.length > 0 ? (
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={500} size="sm">
            {t('receivers.form.credentials')}
          </Text>
          {!asked ? (
            <>
              <Text size="sm" data-testid="credentials-set">
                {t('receivers.form.credentialsSet')}
              </Text>
              <Button
                variant="default"
                w="fit-content"
                onClick={() => onChange({ replaceCredentials: true })}
              >
                {t('receivers.form.replace')}
              </Button>
            </>
          ) : (
            <>
              {needed.map((name) =>
                PEM.includes(name) ? (
                  <Textarea
                    key={name}
                    id={id(name)}
                    label={t(`receivers.form.${name}`)}
                    rows={4}
                    ff="monospace"
                    autoComplete="off"
                    value={value.credentials[name] ?? ''}
                    onChange={(e) => setCredential(name, e.currentTarget.value)}
                    error={errorFor(id(name))}
                  />
                ) : (
                  <PasswordInput
                    key={name}
                    id={id(name)}
                    label={t(`receivers.form.${name}`)}
                    autoComplete="new-password"
                    value={value.credentials[name] ?? ''}
                    onChange={(e) => setCredential(name, e.currentTarget.value)}
                    error={errorFor(id(name))}
                  />
                ),
              )}
              {stored?.hasCredentials && stored.auth === value.auth ? (
                <Button
                  variant="subtle"
                  w="fit-content"
                  onClick={() => onChange({ replaceCredentials: false, credentials: {} })}
                >
                  {t('receivers.form.keep')}
                </Button>
              ) : null}
            </>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The HTTPS fields' problems, found on submit. */
export function checkHttps(
  value: TransportValues,
  stored: Receiver['transport'] | null,
  t: TFunction,
): FieldErrorItem[] {
  const found: FieldErrorItem[] = [];
  if (!/^https:\/\/\S+$/.test(value.url.trim()))
    found.push({ fieldId: id('url'), message: t('receivers.form.urlRequired') });
  if (credentialsAsked(value, stored))
    for (const name of CREDENTIALS[value.auth])
      if (!(value.credentials[name] ?? '').trim())
        found.push({
          fieldId: id(name),
          message: t('receivers.form.credentialRequired', {
            field: t(`receivers.form.${name}`).toLowerCase(),
          }),
        });
  return found;
}
