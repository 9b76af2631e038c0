import { Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useMyMemberships } from '../api/get-me.ts';
import { OrganisationView } from '../components/OrganisationView.tsx';
import { useOrganisationsTexts } from '../texts/use-organisations-texts.ts';

/** /admin/organisation: the organisation the session works in. */
export function MyOrganisationPage() {
  useOrganisationsTexts();
  const { t } = useTranslation();
  const { session } = useAuth();
  const memberships = useMyMemberships();
  const id = session?.organisationId ?? null;
  if (!id)
    return (
      <>
        <PageHeader title={t('organisations.navOwn')} />
        <Text>{t('organisations.detail.noOrganisation')}</Text>
      </>
    );
  return memberships.data ? (
    <OrganisationView id={id} memberships={memberships.data} />
  ) : (
    <Skeleton height={120} aria-label={t('common.loading')} />
  );
}
