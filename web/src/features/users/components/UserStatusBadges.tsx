import { Badge, Group } from '@mantine/core';
import type { UserDetail } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';

/** Active or deactivated, plus a deletion request or a pending change when there is one. */
export function UserStatusBadges({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      {user.deactivated ? (
        <Badge color="gray" variant="filled">
          {t('users.status.deactivated')}
        </Badge>
      ) : (
        <Badge color="green" variant="light">
          {t('users.status.active')}
        </Badge>
      )}
      {user.deletionRequestedAt ? (
        <Badge color="red" variant="light">
          {t('users.status.deletionRequested')}
        </Badge>
      ) : null}
      {user.changeRequestStatus === 'pending' ? (
        <Badge color="orange" variant="light">
          {t('users.status.changePending')}
        </Badge>
      ) : null}
    </Group>
  );
}
