import { Button, Divider, Stack } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * "Sign in with <provider>" under the password form, one per enabled single sign-on provider
 * of this platform (GET /v1/sso-providers, public; the server finds the platform from the
 * host). Each is a plain link: the browser goes to the provider and comes back to
 * /sso/complete. Nothing is shown when the platform has none, or when the list cannot load.
 */
export function SsoButtons({ returnTo }: { returnTo?: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const providers = useQuery({
    queryKey: queryKeys.sso.signInProviders,
    queryFn: () => call(api, 'GET', '/v1/sso-providers', { skipRefresh: true }),
    staleTime: 5 * 60 * 1000,
  });
  if (!providers.data?.length) return null;
  const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
  return (
    <Stack gap="sm" mt="lg" component="nav" aria-label={t('integrations.signIn.listLabel')}>
      <Divider label={t('integrations.signIn.or')} labelPosition="center" />
      {providers.data.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          href={`${provider.startUrl}${query}`}
          variant="default"
          size="md"
          leftSection={<IconLogin2 size={18} aria-hidden />}
        >
          {t('integrations.signIn.with', { name: provider.name })}
        </Button>
      ))}
    </Stack>
  );
}
