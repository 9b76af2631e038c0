import { Alert, Button, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Membership, Organisation, OrganisationUpdate } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlinePanel } from '../../../components/ui/InlinePanel.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { StaleWriteNotice } from '../../../components/ui/StaleWriteNotice.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { mergeMine, readStaleWrite, staleDifferences } from '../../../lib/stale-write.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useOrganisation } from '../api/get-organisation.ts';
import { useUpdateOrganisation } from '../api/update-organisation.ts';
import { ContactsSection } from './ContactsSection.tsx';
import { LocationsSection } from './LocationsSection.tsx';
import { OrganisationDetails } from './OrganisationDetails.tsx';
import { OrganisationForm } from './OrganisationForm.tsx';
import { ReceiversSection } from './ReceiversSection.tsx';
import { SenderProfileSection } from './SenderProfileSection.tsx';

const editors = ['organisation_admin', 'platform_admin', 'system_admin'];

/** Whether these memberships may change the organisation (mirrors the server's policy; the server decides). */
export function canEditOrganisation(memberships: readonly Membership[], organisationId: string): boolean {
  return memberships.some(
    (m) => editors.includes(m.role) && (m.organisationId === null || m.organisationId === organisationId),
  );
}

/** One organisation: details (editable), its E2B(R3) sender profile, contacts, receivers and locations. */
export function OrganisationView({ id, memberships }: { id: string; memberships: readonly Membership[] }) {
  const { t } = useTranslation();
  const organisation = useOrganisation(id);
  const update = useUpdateOrganisation(id);
  const queryClient = useQueryClient();
  // The organisation as it was when the form opened: its version goes with the save, so a
  // save over someone else's newer change is refused (412) instead of silently undoing it.
  const [base, setBase] = useState<Organisation | null>(null);
  const [changes, setChanges] = useState<OrganisationUpdate | null>(null);
  const editing = base !== null;
  const setEditing = (open: boolean) => setBase(open ? (organisation.data ?? null) : null);
  const [hasErrors, setHasErrors] = useState(false);
  const [saved, setSaved] = useState(false);
  const canEdit = canEditOrganisation(memberships, id);
  useDocumentTitle(organisation.data?.name ?? t('organisations.title'), editing && hasErrors);

  if (organisation.isPending)
    return (
      <Stack aria-busy="true">
        <Skeleton height={36} width="40%" aria-label={t('common.loading')} />
        <Skeleton height={160} />
      </Stack>
    );
  if (organisation.isError)
    return (
      <LoadError
        title={t('organisations.detail.loadFailed')}
        error={organisation.error}
        onRetry={() => void organisation.refetch()}
        retrying={organisation.isFetching}
      />
    );
  const o = organisation.data;
  const stale = readStaleWrite<Organisation>(update.error);
  const save = (next: OrganisationUpdate, version: number) => {
    setChanges(next);
    update.mutate(
      { changes: next, version },
      {
        onSuccess: () => {
          setEditing(false);
          setSaved(true);
        },
      },
    );
  };
  return (
    <>
      <PageHeader title={o.name} lead={o.description || undefined} />
      <Stack gap="lg">
        {saved ? (
          <Alert color="green" role="status" withCloseButton onClose={() => setSaved(false)}>
            {t('organisations.form.saved')}
          </Alert>
        ) : null}
        {editing ? (
          <InlinePanel>
            <Paper withBorder p="lg" component="section" aria-labelledby="org-edit-title">
              <Title order={2} size="h3" id="org-edit-title" mb="sm">
                {t('organisations.detail.edit')}
              </Title>
              {stale && base && changes ? (
                <StaleWriteNotice
                  differences={staleDifferences(base, stale.current, changes)}
                  label={(key) =>
                    t(`organisations.detail.fields.${key}`, { defaultValue: t(`organisations.form.${key}`) })
                  }
                  format={(key, value) =>
                    key === 'kind'
                      ? t(`organisations.kinds.${String(value)}`, { defaultValue: String(value) })
                      : typeof value === 'boolean'
                        ? t(value ? 'common.yes' : 'common.no')
                        : String(value)
                  }
                  pending={update.isPending}
                  onKeepMine={() => {
                    // From here on the stored version is what the user edits on top of.
                    setBase(stale.current);
                    save(mergeMine(base, stale.current, changes), stale.currentVersion);
                  }}
                  onUseTheirs={() => {
                    queryClient.setQueryData(queryKeys.organisations.one(id), stale.current);
                    update.reset();
                    setEditing(false);
                  }}
                />
              ) : update.isError ? (
                <Alert color="red" mb="sm">
                  {apiErrorMessage(update.error, t)}
                </Alert>
              ) : null}
              <OrganisationForm
                organisation={base ?? o}
                pending={update.isPending}
                onErrorsChange={setHasErrors}
                onCancel={() => {
                  update.reset();
                  setEditing(false);
                }}
                onSubmit={(next) => save(next, (base ?? o).version)}
              />
            </Paper>
          </InlinePanel>
        ) : (
          <>
            <OrganisationDetails organisation={o} />
            {canEdit ? (
              <Group>
                <Button
                  id="organisation-edit-details"
                  variant="light"
                  onClick={() => {
                    setEditing(true);
                    setSaved(false);
                  }}
                >
                  {t('organisations.detail.edit')}
                </Button>
              </Group>
            ) : null}
          </>
        )}
        <SenderProfileSection organisationId={id} canEdit={canEdit} />
        <ContactsSection organisationId={id} canEdit={canEdit} />
        <ReceiversSection organisationId={id} canEdit={canEdit} />
        <LocationsSection organisationId={id} canEdit={canEdit} />
      </Stack>
    </>
  );
}
