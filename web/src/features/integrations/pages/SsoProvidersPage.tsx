import { Button, Group, Modal, Paper, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { SsoProvider } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { apiErrorMessage, readApiFailure } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { serverFieldErrors } from '../../../lib/server-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDeleteSsoProvider } from '../api/delete-sso-provider.ts';
import { useSsoProviders } from '../api/list-sso-providers.ts';
import { useSaveSsoProvider } from '../api/save-sso-provider.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ListSkeleton } from '../components/LoadState.tsx';
import { SsoIdentitiesDialog } from '../components/SsoIdentitiesDialog.tsx';
import { SsoProviderForm } from '../components/SsoProviderForm.tsx';
import { SsoProvidersTable } from '../components/SsoProvidersTable.tsx';
import { useIntegrationsTexts } from '../texts/use-integrations-texts.ts';

type Editing = { mode: 'create' } | { mode: 'edit'; provider: SsoProvider } | null;

/** /admin/sso-providers: the platform's OpenID Connect providers (platform and system administrators). */
export function SsoProvidersPage() {
  useIntegrationsTexts();
  const { t } = useTranslation();
  const { session } = useAuth();
  const providers = useSsoProviders();
  const save = useSaveSsoProvider();
  const remove = useDeleteSsoProvider();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SsoProvider | null>(null);
  const [linksOf, setLinksOf] = useState<SsoProvider | null>(null);
  const [formErrors, setFormErrors] = useState(false);
  useDocumentTitle(t('integrations.sso.title'), editing !== null && (formErrors || save.isError));

  // The issuer refused (an internal address) or unreadable (no discovery document): said at the field.
  const issuerError = !save.isError
    ? null
    : readApiFailure(save.error).code === 'SSO_DISCOVERY_FAILED'
      ? t('integrations.sso.errors.discoveryFailed')
      : (serverFieldErrors(
          save.error,
          {
            'body/issuerUrl': { fieldId: 'sso-issuer', messageKey: 'integrations.sso.errors.issuerRefused' },
          },
          t,
        )[0]?.message ?? null);

  const closeForm = () => {
    setEditing(null);
    setFormErrors(false);
    save.reset();
  };

  return (
    <>
      <PageHeader title={t('integrations.sso.title')} lead={t('integrations.sso.lead')} />
      <Group justify="flex-end" mb="md">
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setEditing({ mode: 'create' })}
        >
          {t('integrations.sso.add')}
        </Button>
      </Group>
      <Paper withBorder p="lg">
        {providers.isPending ? (
          <ListSkeleton />
        ) : providers.isError ? (
          <LoadError
            title={t('integrations.sso.loadFailed')}
            error={providers.error}
            retrying={providers.isFetching}
            onRetry={() => void providers.refetch()}
          />
        ) : providers.data.length === 0 ? (
          <Text>{t('integrations.sso.empty')}</Text>
        ) : (
          <SsoProvidersTable
            providers={providers.data}
            onEdit={(provider) => setEditing({ mode: 'edit', provider })}
            onLinks={setLinksOf}
            onDelete={(provider) => {
              remove.reset();
              setDeleting(provider);
            }}
          />
        )}
      </Paper>

      <Modal
        opened={editing !== null}
        onClose={closeForm}
        size="lg"
        title={
          editing?.mode === 'edit'
            ? t('integrations.sso.editTitle', { name: editing.provider.name })
            : t('integrations.sso.createTitle')
        }
      >
        {editing ? (
          <SsoProviderForm
            provider={editing.mode === 'edit' ? editing.provider : undefined}
            pending={save.isPending}
            serverError={save.isError && !issuerError ? apiErrorMessage(save.error, t) : null}
            issuerError={issuerError}
            onErrorsChange={setFormErrors}
            onCancel={closeForm}
            onSubmit={(body) =>
              save.mutate(
                editing.mode === 'edit'
                  ? { kind: 'update', id: editing.provider.id, body }
                  : { kind: 'create', platformId: session?.platformId ?? '', body },
                { onSuccess: closeForm },
              )
            }
          />
        ) : null}
      </Modal>

      {linksOf ? <SsoIdentitiesDialog provider={linksOf} onClose={() => setLinksOf(null)} /> : null}

      <ConfirmDialog
        opened={deleting !== null}
        title={t('integrations.sso.deleteTitle')}
        body={t('integrations.sso.deleteBody', { name: deleting?.name ?? '' })}
        confirmLabel={t('integrations.sso.deleteConfirm')}
        cancelLabel={t('integrations.common.cancel')}
        pending={remove.isPending}
        error={remove.isError ? apiErrorMessage(remove.error, t) : null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </>
  );
}
