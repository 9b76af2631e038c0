import { Alert, Button, Paper, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMe } from '../api/get-me.ts';
import { MembershipsTable } from '../components/MembershipsTable.tsx';
import { ProfileDetails } from '../components/ProfileDetails.tsx';

/** Placeholder blocks in the shape of the page, while the user is loading. */
function ProfileSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="lg" aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      {[6, 3].map((lines) => (
        <Paper withBorder p="lg" key={lines} aria-hidden="true">
          <Skeleton height={22} width="30%" mb="md" />
          {Array.from({ length: lines }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows with no identity
            <Skeleton key={i} height={16} mt="sm" width={`${70 - i * 5}%`} />
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

/** /profile: the signed-in user's details and roles. */
export function ProfilePage() {
  const { t } = useTranslation();
  const me = useMe();
  useDocumentTitle(t('profile.title'));

  return (
    <>
      <PageHeader title={t('profile.title')} lead={t('profile.lead')} />
      {me.isPending ? (
        <ProfileSkeleton label={t('common.loading')} />
      ) : me.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('profile.loadFailed')}>
          <Stack gap="sm" align="flex-start">
            {apiErrorMessage(me.error, t)}
            <Button
              variant="outline"
              color="red"
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={() => void me.refetch()}
              loading={me.isFetching}
            >
              {t('common.tryAgain')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="lg">
          <ProfileDetails user={me.data} />
          <MembershipsTable memberships={me.data.memberships} />
        </Stack>
      )}
    </>
  );
}
