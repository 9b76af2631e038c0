import { Button, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { As2Settings, Receiver } from '@vigilo/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { credentialNames, credentialsAsked, type TransportValues } from './form-values.ts';
import { InboundAddress } from './InboundAddress.tsx';
import { type TransportFieldsProps, TransportUrlInput, transportFieldId } from './TransportAddress.tsx';

const id = transportFieldId;

/** What a new AS2 receiver starts with: the server's defaults (decision 0195). */
const NEW_AS2: As2Settings = {
  from: '',
  to: '',
  partnerCertificate: '',
  encryption: 'aes256-cbc',
  signing: 'sha-256',
};
const ENCRYPTIONS: As2Settings['encryption'][] = ['aes256-cbc', 'aes192-cbc', 'aes128-cbc', '3des'];
const SIGNINGS: As2Settings['signing'][] = ['sha-256', 'sha-384', 'sha-512', 'sha-1'];
/** An AS2 name: printable ASCII, no quote or backslash, at most 128 (RFC 4130). */
const AS2_NAME = /^[ !#-[\]-~]{1,128}$/;
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/;

/**
 * AS2 (decision 0195): the partner's address and AS2 name, ours, the partner's certificate and
 * the algorithms, and our signing certificate and key — write-only, kept unless replaced.
 */
export function As2TransportFields({ value, onChange, stored, errorFor, receiver }: TransportFieldsProps) {
  const { t } = useTranslation();
  const as2 = value.as2 ?? NEW_AS2;
  const setAs2 = (patch: Partial<As2Settings>) => onChange({ as2: { ...as2, ...patch } });
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
        hint={t('receivers.as2.urlHint')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          id={id('as2-from')}
          label={t('receivers.as2.from')}
          description={t('receivers.as2.fromHint')}
          maxLength={128}
          value={as2.from}
          onChange={(e) => setAs2({ from: e.currentTarget.value })}
          error={errorFor(id('as2-from'))}
        />
        <TextInput
          id={id('as2-to')}
          label={t('receivers.as2.to')}
          description={t('receivers.as2.toHint')}
          maxLength={128}
          value={as2.to}
          onChange={(e) => setAs2({ to: e.currentTarget.value })}
          error={errorFor(id('as2-to'))}
        />
      </SimpleGrid>
      <Textarea
        id={id('as2-partner-certificate')}
        label={t('receivers.as2.partnerCertificate')}
        description={t('receivers.as2.partnerCertificateHint')}
        rows={4}
        ff="monospace"
        value={as2.partnerCertificate}
        onChange={(e) => setAs2({ partnerCertificate: e.currentTarget.value })}
        error={errorFor(id('as2-partner-certificate'))}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          id={id('as2-encryption')}
          label={t('receivers.as2.encryption')}
          value={as2.encryption}
          data={ENCRYPTIONS.map((e) => ({ value: e, label: t(`receivers.as2.encryptions.${e}`) }))}
          onChange={(e) => setAs2({ encryption: e.currentTarget.value as As2Settings['encryption'] })}
        />
        <NativeSelect
          id={id('as2-signing')}
          label={t('receivers.as2.signing')}
          value={as2.signing}
          data={SIGNINGS.map((s) => ({ value: s, label: s.toUpperCase() }))}
          onChange={(e) => setAs2({ signing: e.currentTarget.value as As2Settings['signing'] })}
        />
      </SimpleGrid>
      <Textarea
        id={id('ca')}
        label={t('receivers.form.caCertificate')}
        description={t('receivers.form.caHint')}
        rows={3}
        ff="monospace"
        value={value.caCertificate}
        onChange={(e) => onChange({ caCertificate: e.currentTarget.value })}
      />
      <InboundAddress receiver={stored?.type === 'as2' ? receiver : undefined} />
      <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={500} size="sm">
          {t('receivers.as2.signingKey')}
        </Text>
        {!asked ? (
          <>
            <Text size="sm" data-testid="credentials-set">
              {t('receivers.form.credentialsSet')}
            </Text>
            <Button variant="default" w="fit-content" onClick={() => onChange({ replaceCredentials: true })}>
              {t('receivers.form.replace')}
            </Button>
          </>
        ) : (
          <>
            {credentialNames(value).map((name) => (
              <Textarea
                key={name}
                id={id(name)}
                label={t(`receivers.as2.${name}`)}
                rows={4}
                ff="monospace"
                autoComplete="off"
                value={value.credentials[name] ?? ''}
                onChange={(e) => setCredential(name, e.currentTarget.value)}
                error={errorFor(id(name))}
              />
            ))}
            {stored?.hasCredentials && stored.type === 'as2' ? (
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
    </Stack>
  );
}

/** The AS2 fields' problems, found on submit (the server checks the certificates and key in depth). */
export function checkAs2(
  value: TransportValues,
  stored: Receiver['transport'] | null,
  t: TFunction,
): FieldErrorItem[] {
  const found: FieldErrorItem[] = [];
  const as2 = value.as2 ?? NEW_AS2;
  if (!/^https?:\/\/\S+$/.test(value.url.trim()))
    found.push({ fieldId: id('url'), message: t('receivers.as2.urlRequired') });
  if (!AS2_NAME.test(as2.from))
    found.push({ fieldId: id('as2-from'), message: t('receivers.as2.fromInvalid') });
  if (!AS2_NAME.test(as2.to)) found.push({ fieldId: id('as2-to'), message: t('receivers.as2.toInvalid') });
  if (!PEM_CERTIFICATE.test(as2.partnerCertificate))
    found.push({ fieldId: id('as2-partner-certificate'), message: t('receivers.as2.certificateRequired') });
  if (credentialsAsked(value, stored))
    for (const name of credentialNames(value))
      if (!(value.credentials[name] ?? '').trim())
        found.push({ fieldId: id(name), message: t(`receivers.as2.${name}Missing`) });
  return found;
}
