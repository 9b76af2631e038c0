import { Alert, Box, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconKey, IconPlus } from '@tabler/icons-react';
import type { ApiKey, Application, CreatedApiKey } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganisationScope } from '../../../components/organisation-scope/use-organisation-scope.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDialogFocus } from '../../../components/ui/use-focus-on-open.ts';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { useCreateApplication } from '../api/create-application.ts';
import { useApiKeys } from '../api/list-api-keys.ts';
import { useApplications } from '../api/list-applications.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { useSetDefaultApplication } from '../api/set-default-application.ts';
import { ApiKeyForm } from '../components/ApiKeyForm.tsx';
import { ApiKeysTable } from '../components/ApiKeysTable.tsx';
import { ApplicationForm } from '../components/ApplicationForm.tsx';
import { ApplicationsTable } from '../components/ApplicationsTable.tsx';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ListSkeleton } from '../components/LoadState.tsx';
import { NewKeyDialog } from '../components/NewKeyDialog.tsx';
import { useIntegrationsTexts } from '../texts/use-integrations-texts.ts';

type Dialog = { kind: 'application' } | { kind: 'key'; applicationId?: string } | null;

/** /admin/api-keys: the organisation's applications and their keys (organisation administrators and up). */
export function ApiKeysPage() {
  useIntegrationsTexts();
  const { t } = useTranslation();
  const { organisationId, picker } = useOrganisationScope('api-keys-organisation');
  const applications = useApplications(organisationId);
  const keys = useApiKeys(organisationId);
  const createApplication = useCreateApplication();
  const createKey = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const setDefault = useSetDefaultApplication();
  const [dialog, setDialogState] = useState<Dialog>(null);
  // Focus comes back to the button that opened a dialog, also after the new key is shown (0038).
  const dialogFocus = useDialogFocus();
  const setDialog = (next: Dialog) => {
    if (next) dialogFocus.remember();
    setDialogState(next);
  };
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [formErrors, setFormErrors] = useState(false);
  const activeMutation = dialog?.kind === 'application' ? createApplication : createKey;
  useDocumentTitle(
    t('integrations.apiKeys.title'),
    dialog !== null && (formErrors || activeMutation.isError),
  );

  const closeDialog = () => {
    setDialog(null);
    setFormErrors(false);
    createApplication.reset();
    createKey.reset();
  };
  const failed = applications.isError ? applications : keys.isError ? keys : null;

  return (
    <>
      <PageHeader title={t('integrations.apiKeys.title')} lead={t('integrations.apiKeys.lead')} />
      {picker ? <Box mb="lg">{picker}</Box> : null}
      {!organisationId ? (
        <Alert icon={<IconInfoCircle aria-hidden />}>{t('organisationScope.choose')}</Alert>
      ) : applications.isPending || keys.isPending ? (
        <ListSkeleton />
      ) : failed ? (
        <LoadError
          title={t('integrations.apiKeys.loadFailed')}
          error={failed.error}
          retrying={applications.isFetching || keys.isFetching}
          onRetry={() => {
            void applications.refetch();
            void keys.refetch();
          }}
        />
      ) : (
        <Stack gap="lg">
          <Paper withBorder p="lg" component="section" aria-labelledby="applications-title">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h3" id="applications-title">
                {t('integrations.apiKeys.applications')}
              </Title>
              <Button
                variant="light"
                leftSection={<IconPlus size={18} aria-hidden />}
                onClick={() => setDialog({ kind: 'application' })}
              >
                {t('integrations.apiKeys.newApplication')}
              </Button>
            </Group>
            {applications.data?.length ? (
              <ApplicationsTable
                applications={applications.data}
                pendingDefaultId={setDefault.isPending ? (setDefault.variables ?? null) : null}
                onMakeDefault={(application: Application) => setDefault.mutate(application.id)}
                onCreateKey={(application: Application) =>
                  setDialog({ kind: 'key', applicationId: application.id })
                }
              />
            ) : (
              <Text>{t('integrations.apiKeys.noApplications')}</Text>
            )}
          </Paper>
          <Paper withBorder p="lg" component="section" aria-labelledby="keys-title">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h3" id="keys-title">
                {t('integrations.apiKeys.keys')}
              </Title>
              <Button
                id="api-keys-new-key"
                leftSection={<IconKey size={18} aria-hidden />}
                onClick={() => setDialog({ kind: 'key' })}
              >
                {t('integrations.apiKeys.newKey')}
              </Button>
            </Group>
            {keys.data?.length ? (
              <ApiKeysTable
                keys={keys.data}
                onRevoke={(key) => {
                  revoke.reset();
                  setRevoking(key);
                }}
              />
            ) : (
              <Text>{t('integrations.apiKeys.noKeys')}</Text>
            )}
          </Paper>
        </Stack>
      )}

      <Modal
        opened={dialog !== null}
        onClose={closeDialog}
        onExitTransitionEnd={created ? undefined : dialogFocus.restore}
        title={
          dialog?.kind === 'application'
            ? t('integrations.apiKeys.applicationForm.title')
            : t('integrations.apiKeys.keyForm.title')
        }
      >
        {dialog?.kind === 'application' ? (
          <ApplicationForm
            pending={createApplication.isPending}
            serverError={createApplication.isError ? apiErrorMessage(createApplication.error, t) : null}
            onErrorsChange={setFormErrors}
            onCancel={closeDialog}
            onSubmit={(body) =>
              createApplication.mutate(
                { ...body, organisationId: organisationId ?? undefined },
                { onSuccess: closeDialog },
              )
            }
          />
        ) : dialog?.kind === 'key' ? (
          <ApiKeyForm
            applications={applications.data ?? []}
            applicationId={dialog.applicationId}
            pending={createKey.isPending}
            serverError={createKey.isError ? apiErrorMessage(createKey.error, t) : null}
            onErrorsChange={setFormErrors}
            onCancel={closeDialog}
            onSubmit={(body) =>
              createKey.mutate(
                body.applicationId ? body : { ...body, organisationId: organisationId ?? undefined },
                {
                  onSuccess: (answer) => {
                    closeDialog();
                    setCreated(answer);
                  },
                },
              )
            }
          />
        ) : null}
      </Modal>

      <NewKeyDialog created={created} onClose={() => setCreated(null)} onClosed={dialogFocus.restore} />

      <ConfirmDialog
        opened={revoking !== null}
        title={t('integrations.apiKeys.revokeTitle')}
        body={t('integrations.apiKeys.revokeBody', { name: revoking?.name ?? '' })}
        confirmLabel={t('integrations.apiKeys.revokeConfirm')}
        cancelLabel={t('integrations.common.cancel')}
        pending={revoke.isPending}
        error={revoke.isError ? apiErrorMessage(revoke.error, t) : null}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
      />
    </>
  );
}
