import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganisationScope } from '../../../components/organisation-scope/use-organisation-scope.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { InviteForm } from '../components/InviteForm.tsx';
import { PendingInvites } from '../components/PendingInvites.tsx';
import { useInvitesTexts } from '../texts/use-invites-texts.ts';

/**
 * /admin/invites: invite into the session's organisation; a platform administrator (whose
 * session has none) picks the organisation first.
 */
export function InvitesPage() {
  useInvitesTexts();
  const { t } = useTranslation();
  const { organisationId, picker } = useOrganisationScope('invite-organisation');
  const [hasErrors, setHasErrors] = useState(false);
  useDocumentTitle(t('invites.title'), hasErrors);

  return (
    <>
      <PageHeader title={t('invites.title')} lead={t('invites.lead')} />
      <Stack gap="lg">
        {picker}
        <InviteForm organisationId={organisationId} onErrorsChange={setHasErrors} />
        {organisationId ? <PendingInvites organisationId={organisationId} /> : null}
      </Stack>
    </>
  );
}
