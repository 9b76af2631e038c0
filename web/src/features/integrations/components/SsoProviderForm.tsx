import { Alert, Button, Checkbox, Group, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import type { SsoProvider, SsoProviderCreateBody } from '@vigilo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { useOrganisationOptions } from '../../../lib/organisation-options.ts';
import { useFormErrors } from './form-errors.ts';

interface SsoProviderFormProps {
  /** The provider being edited; absent when adding one. */
  provider?: SsoProvider;
  pending: boolean;
  serverError: string | null;
  /** The server's refusal of the issuer URL (an internal address, or no discovery document there). */
  issuerError?: string | null;
  /** Every field; clientSecret only when one was typed (blank keeps the stored secret). */
  onSubmit: (body: SsoProviderCreateBody) => void;
  onCancel: () => void;
  onErrorsChange?: (hasErrors: boolean) => void;
}

const ids = {
  name: 'sso-name',
  issuerUrl: 'sso-issuer',
  clientId: 'sso-client-id',
  clientSecret: 'sso-client-secret',
  scopes: 'sso-scopes',
  domains: 'sso-domains',
  organisation: 'sso-organisation',
} as const;

const list = (value: string, separator: RegExp) =>
  value
    .split(separator)
    .map((v) => v.trim())
    .filter(Boolean);

/** Add or edit an OpenID Connect provider. The client secret is write-only. */
export function SsoProviderForm({
  provider,
  pending,
  serverError,
  issuerError,
  onSubmit,
  onCancel,
  onErrorsChange,
}: SsoProviderFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(provider?.name ?? '');
  const [issuerUrl, setIssuerUrl] = useState(provider?.issuerUrl ?? '');
  const [clientId, setClientId] = useState(provider?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [scopes, setScopes] = useState(provider?.scopes.join(' ') ?? '');
  const [domains, setDomains] = useState(provider?.allowedEmailDomains.join(', ') ?? '');
  const [enabled, setEnabled] = useState(provider?.enabled ?? true);
  const [autoCreate, setAutoCreate] = useState(provider?.autoCreateUsers ?? false);
  const [trustedForMfa, setTrustedForMfa] = useState(provider?.trustedForMfa ?? false);
  const [organisationId, setOrganisationId] = useState<string | null>(
    provider?.autoCreateOrganisationId ?? null,
  );
  const organisations = useOrganisationOptions({ enabled: autoCreate });
  const form = useFormErrors(onErrorsChange);
  const optional = (label: string) => `${label} ${t('integrations.common.optional')}`;
  // The server's word on the issuer joins the summary like a field error of this form.
  const errors = [...form.errors, ...(issuerError ? [{ fieldId: ids.issuerUrl, message: issuerError }] : [])];

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrorItem[] = [];
    if (!name.trim()) found.push({ fieldId: ids.name, message: t('integrations.sso.errors.nameMissing') });
    if (!issuerUrl.trim())
      found.push({ fieldId: ids.issuerUrl, message: t('integrations.sso.errors.issuerMissing') });
    else if (!/^https?:\/\/\S+$/i.test(issuerUrl.trim()))
      found.push({ fieldId: ids.issuerUrl, message: t('integrations.sso.errors.issuerFormat') });
    if (!clientId.trim())
      found.push({ fieldId: ids.clientId, message: t('integrations.sso.errors.clientIdMissing') });
    if (autoCreate && !organisationId)
      found.push({ fieldId: ids.organisation, message: t('integrations.sso.errors.organisationMissing') });
    if (!form.check(found)) return;
    const scopeList = list(scopes, /\s+/);
    onSubmit({
      name: name.trim(),
      issuerUrl: issuerUrl.trim(),
      clientId: clientId.trim(),
      ...(clientSecret ? { clientSecret } : {}),
      ...(scopeList.length ? { scopes: scopeList } : {}),
      allowedEmailDomains: list(domains, /[,\s]+/),
      enabled,
      autoCreateUsers: autoCreate,
      autoCreateOrganisationId: autoCreate ? organisationId : null,
      trustedForMfa,
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <ErrorSummary
          title={t('common.errorSummaryTitle')}
          errors={errors}
          focusKey={form.submitCount + (issuerError ? 1 : 0)}
        />
        {serverError && errors.length === 0 ? (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <TextInput
          id={ids.name}
          label={t('integrations.sso.fields.name')}
          description={t('integrations.sso.fields.nameHint')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={form.errorFor(ids.name)}
        />
        <TextInput
          id={ids.issuerUrl}
          label={t('integrations.sso.fields.issuerUrl')}
          description={t('integrations.sso.fields.issuerUrlHint')}
          value={issuerUrl}
          onChange={(e) => setIssuerUrl(e.currentTarget.value)}
          error={form.errorFor(ids.issuerUrl) ?? issuerError}
          spellCheck={false}
          autoCapitalize="none"
        />
        <TextInput
          id={ids.clientId}
          label={t('integrations.sso.fields.clientId')}
          value={clientId}
          onChange={(e) => setClientId(e.currentTarget.value)}
          error={form.errorFor(ids.clientId)}
          spellCheck={false}
          autoCapitalize="none"
        />
        <PasswordInput
          id={ids.clientSecret}
          label={optional(t('integrations.sso.fields.clientSecret'))}
          description={
            provider?.hasClientSecret
              ? t('integrations.sso.fields.clientSecretKeep')
              : t('integrations.sso.fields.clientSecretNew')
          }
          value={clientSecret}
          onChange={(e) => setClientSecret(e.currentTarget.value)}
          autoComplete="off"
        />
        <TextInput
          id={ids.scopes}
          label={optional(t('integrations.sso.fields.scopes'))}
          description={t('integrations.sso.fields.scopesHint')}
          value={scopes}
          onChange={(e) => setScopes(e.currentTarget.value)}
          spellCheck={false}
        />
        <TextInput
          id={ids.domains}
          label={optional(t('integrations.sso.fields.domains'))}
          description={t('integrations.sso.fields.domainsHint')}
          value={domains}
          onChange={(e) => setDomains(e.currentTarget.value)}
          spellCheck={false}
        />
        <Checkbox
          label={t('integrations.sso.fields.enabled')}
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
        <Checkbox
          label={t('integrations.sso.fields.autoCreate')}
          checked={autoCreate}
          onChange={(e) => setAutoCreate(e.currentTarget.checked)}
        />
        {autoCreate ? (
          <Select
            id={ids.organisation}
            label={t('integrations.sso.fields.organisation')}
            placeholder={t('integrations.sso.fields.organisationPlaceholder')}
            data={(organisations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            value={organisationId}
            onChange={setOrganisationId}
            error={form.errorFor(ids.organisation)}
            searchable
          />
        ) : null}
        <Checkbox
          label={t('integrations.sso.fields.trustedForMfa')}
          description={t('integrations.sso.fields.trustedForMfaHint')}
          checked={trustedForMfa}
          onChange={(e) => setTrustedForMfa(e.currentTarget.checked)}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel}>
            {t('integrations.common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('integrations.common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
