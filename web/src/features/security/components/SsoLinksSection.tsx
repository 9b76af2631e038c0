import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useMfaMethods } from '../api/get-mfa-methods.ts';
import { useOwnSsoLinks, usePlatformSsoProviders, useUnlinkSso } from '../api/sso-links.ts';
import { SsoLinkPanel } from './SsoLinkPanel.tsx';

/**
 * Sign-in providers linked to one's account (decision 0031): each with a way to unlink it,
 * and the link step. Nothing is shown on a platform without providers and without links.
 */
export function SsoLinksSection({ platformId }: { platformId: string | null }) {
  const { t, i18n } = useTranslation();
  const links = useOwnSsoLinks();
  const providers = usePlatformSsoProviders(platformId);
  const methods = useMfaMethods();
  const unlink = useUnlinkSso();
  const [linking, setLinking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const available = providers.data ?? [];
  if (links.isSuccess && links.data.length === 0 && providers.isSuccess && available.length === 0)
    return null;
  const verified = [...new Set((methods.data ?? []).filter((m) => m.verified).map((m) => m.method))];

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="sso-links-title">
      <Title order={2} size="h3" id="sso-links-title" mb={4}>
        {t('security.sso.title')}
      </Title>
      <Text c="dimmed" mb="md">
        {t('security.sso.lead')}
      </Text>
      <Stack gap="md">
        {notice ? (
          <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
            {notice}
          </Alert>
        ) : null}
        {unlink.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {apiErrorMessage(unlink.error, t)}
          </Alert>
        ) : null}
        {links.isPending ? (
          <Skeleton height={56} aria-busy="true" />
        ) : links.isError ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('security.sso.loadFailed')}>
            {apiErrorMessage(links.error, t)}
          </Alert>
        ) : links.data.length === 0 ? (
          <Text>{t('security.sso.empty')}</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0}>
            {links.data.map((link) => {
              const name = link.providerName ?? t('security.sso.removedProvider');
              return (
                <Paper key={link.id} withBorder p="md" component="li" style={{ listStyle: 'none' }}>
                  <Group justify="space-between" wrap="wrap">
                    <div>
                      <Text fw={600}>{name}</Text>
                      <Text size="sm" c="dimmed">
                        {[
                          link.email,
                          t('security.sso.linkedOn', { date: formatDate(link.createdAt, i18n.language) }),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </div>
                    <Button
                      variant="outline"
                      color="red"
                      loading={unlink.isPending && unlink.variables === link.id}
                      aria-label={t('security.sso.unlinkLabel', { name })}
                      onClick={() => {
                        setNotice(null);
                        unlink.mutate(link.id, { onSuccess: () => setNotice(t('security.sso.unlinked')) });
                      }}
                    >
                      {t('security.sso.unlink')}
                    </Button>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
        {linking ? (
          <SsoLinkPanel providers={available} methods={verified} onCancel={() => setLinking(false)} />
        ) : available.length > 0 ? (
          <Group>
            <Button
              leftSection={<IconLink size={18} aria-hidden />}
              onClick={() => {
                setNotice(null);
                setLinking(true);
              }}
            >
              {t('security.sso.link')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
