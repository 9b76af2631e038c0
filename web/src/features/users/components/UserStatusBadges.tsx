import { Badge, Group } from '@mantine/core';
import type { UserDetail } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';

// A narrow table column must not cut the status to "ACT…": badges keep their width, rows wrap.
const noShrink = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

/** Active or deactivated, plus a deletion request or a pending change when there is one. */
export function UserStatusBadges({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      {user.deactivated ? (
        <Badge styles={noShrink} color="gray" variant="filled">
          {t('users.status.deactivated')}
        </Badge>
      ) : (
        <Badge styles={noShrink} color="green" variant="light">
          {t('users.status.active')}
        </Badge>
      )}
      {user.deletionRequestedAt ? (
        <Badge styles={noShrink} color="red" variant="light">
          {t('users.status.deletionRequested')}
        </Badge>
      ) : null}
      {user.changeRequestStatus === 'pending' ? (
        <Badge styles={noShrink} color="orange" variant="light">
          {t('users.status.changePending')}
        </Badge>
      ) : null}
    </Group>
  );
}
