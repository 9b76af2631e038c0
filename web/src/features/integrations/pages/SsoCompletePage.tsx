import { Alert, Anchor, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { readApiFailure } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useExchangeSsoCode } from '../api/exchange-sso-code.ts';

const knownErrors = [
  'SSO_STATE_INVALID',
  'SSO_LOGIN_FAILED',
  'SSO_ACCOUNT_NOT_FOUND',
  'SSO_EMAIL_NOT_ALLOWED',
  'SSO_CODE_INVALID',
];

/** Only paths inside this app; never "//host" style redirects. */
const safePath = (value: string | null) =>
  value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/profile';

/**
 * /sso/complete: where the API sends the browser after an SSO sign-in. The fragment (never
 * sent to any server) holds a one-time code, exchanged here for the session, or an error code.
 */
export function SsoCompletePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const exchange = useExchangeSsoCode();
  const [fragment] = useState(() => new URLSearchParams(location.hash.slice(1)));
  const code = fragment.get('code');
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    // The code leaves the address bar at once: it is single-use, but history need not keep it.
    navigate({ pathname: location.pathname, hash: '' }, { replace: true });
    exchange.mutate(code, {
      onSuccess: () => navigate(safePath(fragment.get('returnTo')), { replace: true }),
    });
  }, [code, exchange, fragment, navigate, location.pathname]);

  const errorCode = exchange.isError
    ? readApiFailure(exchange.error).code
    : (fragment.get('error') ?? (code ? null : 'missing'));
  const failed = errorCode !== null;
  useDocumentTitle(
    failed ? t('integrations.complete.failedTitle') : t('integrations.complete.title'),
    failed,
  );
  const message = t(
    `integrations.complete.errors.${errorCode && knownErrors.includes(errorCode) ? errorCode : errorCode === 'missing' ? 'missing' : 'SSO_LOGIN_FAILED'}`,
  );

  return (
    <Container size={460} px="md" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
        {failed ? (
          <Stack gap="md">
            <Title order={1} size="h2">
              {t('integrations.complete.failedTitle')}
            </Title>
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {message}
            </Alert>
            <Anchor component={Link} to="/login">
              {t('integrations.complete.backToSignIn')}
            </Anchor>
          </Stack>
        ) : (
          <Stack gap="md" align="center">
            <Title order={1} size="h2">
              {t('integrations.complete.title')}
            </Title>
            <Loader aria-hidden />
            <Text role="status">{t('integrations.complete.working')}</Text>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
