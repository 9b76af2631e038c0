import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useOrganisationLookup } from '../api/lookup-organisations.ts';
import { InviteForm } from '../components/InviteForm.tsx';
import { PendingInvites } from '../components/PendingInvites.tsx';

/**
 * /admin/invites: invite into the session's organisation; a platform administrator (whose
 * session has none) picks the organisation first.
 */
export function InvitesPage() {
  const { t } = useTranslation();
  const { session } = useAuth();
  const sessionOrganisation = session?.organisationId ?? null;
  const lookup = useOrganisationLookup(sessionOrganisation === null);
  const [picked, setPicked] = useState<string | null>(null);
  const organisationId = sessionOrganisation ?? picked;
  const [hasErrors, setHasErrors] = useState(false);
  useDocumentTitle(t('invites.title'), hasErrors);

  return (
    <>
      <PageHeader title={t('invites.title')} lead={t('invites.lead')} />
      <Stack gap="lg">
        {sessionOrganisation === null ? (
          <Select
            id="invite-organisation"
            label={t('invites.organisation')}
            description={t('invites.organisationHint')}
            data={(lookup.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            value={picked}
            onChange={setPicked}
            searchable
            maw={480}
          />
        ) : null}
        <InviteForm organisationId={organisationId} onErrorsChange={setHasErrors} />
        {organisationId ? <PendingInvites organisationId={organisationId} /> : null}
      </Stack>
    </>
  );
}
