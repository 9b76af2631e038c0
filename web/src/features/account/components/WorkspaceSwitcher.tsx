import { Menu } from '@mantine/core';
import { IconBuilding, IconCheck } from '@tabler/icons-react';
import type { User } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { useSwitchAuthContext } from '../api/switch-auth-context.ts';

/**
 * Items of the header's account menu: the user's organisations, the current one checked.
 * Shown only when the user has several. Choosing one switches the session (PUT
 * /v1/auth-context) and refetches the page's data.
 */
export function WorkspaceSwitcher({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  const switcher = useSwitchAuthContext();
  const organisations = new Map<string, string>();
  for (const m of user?.memberships ?? []) {
    if (m.organisationId) organisations.set(m.organisationId, m.organisationName ?? m.organisationId);
  }
  if (!user || organisations.size < 2) return null;
  return (
    <>
      <Menu.Divider />
      <Menu.Label>{t('account.workspace.label')}</Menu.Label>
      {[...organisations].map(([id, name]) => {
        const current = id === user.organisationId;
        return (
          <Menu.Item
            key={id}
            aria-current={current ? 'true' : undefined}
            disabled={switcher.isPending}
            leftSection={
              current ? <IconCheck size={16} aria-hidden /> : <IconBuilding size={16} aria-hidden />
            }
            fw={current ? 700 : undefined}
            onClick={() => {
              if (!current) switcher.mutate(id);
            }}
          >
            {name}
          </Menu.Item>
        );
      })}
    </>
  );
}
