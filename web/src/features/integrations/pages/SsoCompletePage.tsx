import { Alert, Anchor, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { readApiFailure } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { requiresMfa } from '../../auth/api/login.ts';
import { useExchangeSsoCode } from '../api/exchange-sso-code.ts';
import { SsoMfaStep } from '../components/SsoMfaStep.tsx';

const knownErrors = [
  'SSO_STATE_INVALID',
  'SSO_LOGIN_FAILED',
  'SSO_ACCOUNT_NOT_FOUND',
  'SSO_ACCOUNT_NOT_ALLOWED',
  'SSO_EMAIL_NOT_ALLOWED',
  'SSO_IDENTITY_IN_USE',
  'SSO_CODE_INVALID',
];

/** Only paths inside this app; never "//host" style redirects. */
const safePath = (value: string | null, fallback = '/home') =>
  value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : fallback;

function Working() {
  const { t } = useTranslation();
  useDocumentTitle(t('integrations.complete.title'));
  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h2">
        {t('integrations.complete.title')}
      </Title>
      <Loader aria-hidden />
      <Text role="status">{t('integrations.complete.working')}</Text>
    </Stack>
  );
}

/** After linking a provider to one's account (POST /v1/sso/link): done, and the way back. */
function Linked({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('integrations.complete.linkedTitle'));
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('integrations.complete.linkedTitle')}
      </Title>
      <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
        {t('integrations.complete.linked')}
      </Alert>
      <Anchor component={Link} to={returnTo}>
        {t('integrations.complete.backToSecurity')}
      </Anchor>
    </Stack>
  );
}

function Failed({ errorCode }: { errorCode: string }) {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  useDocumentTitle(t('integrations.complete.failedTitle'), true);
  const key = knownErrors.includes(errorCode)
    ? errorCode
    : errorCode === 'missing'
      ? 'missing'
      : 'SSO_LOGIN_FAILED';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('integrations.complete.failedTitle')}
      </Title>
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
        {t(`integrations.complete.errors.${key}`)}
      </Alert>
      {/* A link that failed leaves its user signed in: back to their settings, not to sign-in. */}
      {isAuthenticated ? (
        <Anchor component={Link} to="/account/security">
          {t('integrations.complete.backToSecurity')}
        </Anchor>
      ) : (
        <Anchor component={Link} to="/login">
          {t('integrations.complete.backToSignIn')}
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * /sso/complete: where the API sends the browser after an SSO sign-in or link. The fragment
 * (never sent to any server) holds a one-time code, exchanged here for the session (or for the
 * MFA step when the account has a second factor), `linked=1` after a link, or an error code.
 */
export function SsoCompletePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const exchange = useExchangeSsoCode();
  const [fragment] = useState(() => new URLSearchParams(location.hash.slice(1)));
  const code = fragment.get('code');
  const destination = safePath(fragment.get('returnTo'));
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    // The code leaves the address bar at once: it is single-use, but history need not keep it.
    navigate({ pathname: location.pathname, hash: '' }, { replace: true });
    exchange.mutate(code, {
      onSuccess: (answer) => {
        if (!requiresMfa(answer)) navigate(destination, { replace: true });
      },
    });
  }, [code, exchange, destination, navigate, location.pathname]);

  const errorCode = exchange.isError
    ? (readApiFailure(exchange.error).code ?? 'SSO_LOGIN_FAILED')
    : (fragment.get('error') ?? (code || fragment.get('linked') ? null : 'missing'));
  const challenge = exchange.data && requiresMfa(exchange.data) ? exchange.data : null;

  return (
    <Container size={460} px="md" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
        {errorCode ? (
          <Failed errorCode={errorCode} />
        ) : fragment.get('linked') === '1' ? (
          <Linked returnTo={safePath(fragment.get('returnTo'), '/account/security')} />
        ) : challenge ? (
          <SsoMfaStep
            methods={challenge.methods ?? []}
            onDone={() => navigate(destination, { replace: true })}
          />
        ) : (
          <Working />
        )}
      </Paper>
    </Container>
  );
}
