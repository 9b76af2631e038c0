import { Anchor, Skeleton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useMyMemberships } from '../api/get-me.ts';
import { OrganisationView } from '../components/OrganisationView.tsx';
import { useOrganisationsTexts } from '../texts/use-organisations-texts.ts';

/** /admin/organisations/:id */
export function OrganisationDetailPage() {
  useOrganisationsTexts();
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const memberships = useMyMemberships();
  return (
    <>
      <Anchor
        component={Link}
        to="/admin/organisations"
        mb="md"
        display="inline-flex"
        style={{ gap: 4, alignItems: 'center' }}
      >
        <IconArrowLeft size={16} aria-hidden />
        {t('organisations.detail.back')}
      </Anchor>
      {memberships.data ? (
        <OrganisationView id={id} memberships={memberships.data} />
      ) : (
        <Skeleton height={120} aria-label={t('common.loading')} />
      )}
    </>
  );
}
