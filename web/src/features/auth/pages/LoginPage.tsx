import { Anchor, Container, Paper, Text, Title } from '@mantine/core';
import type { MfaMethodKind } from '@vigilo/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { SessionEndNotice } from '../../../components/ui/SessionEndNotice.tsx';
import { apiErrorMessage, readApiFailure } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { requiresMfa, type SignInKind, useLogin } from '../api/login.ts';
import { useRecoverLogin } from '../api/recover-login.ts';
import { useSendLoginCode } from '../api/send-login-code.ts';
import { useVerifyLogin } from '../api/verify-login.ts';
import { LoginForm } from '../components/LoginForm.tsx';
import { SsoButtons } from '../components/SsoButtons.tsx';
import { sendStateOf } from '../components/send-state.ts';

// The second step's forms are not part of the sign-in page's first load (its JavaScript budget,
// decision 0039): they are fetched when a password is sent, while the server checks it.
const loadMfaForm = () => import('../components/MfaForm.tsx');
const loadRecoveryForm = () => import('../components/RecoveryCodeForm.tsx');
const MfaForm = lazy(() => loadMfaForm().then((m) => ({ default: m.MfaForm })));
const RecoveryCodeForm = lazy(() => loadRecoveryForm().then((m) => ({ default: m.RecoveryCodeForm })));

const defaultDestination = '/home';

/** Where to go after signing in: the page the guard sent the user away from, else where the user's work is (/home, decision 0287). */
function destinationFrom(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return defaultDestination;
  const from = state.from as { pathname?: unknown; search?: unknown; hash?: unknown } | null;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  // Only paths inside this app; never back to /login, never "//host" style redirects.
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname.startsWith('/login'))
    return defaultDestination;
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}

/** The other sign-in page, for an account refused at this one with the right password. */
const otherDoor: Record<string, { to: string; label: string }> = {
  ASSESSOR_SIGN_IN_REQUIRED: { to: '/login/assessor', label: 'auth.assessor.goThere' },
  STANDARD_SIGN_IN_REQUIRED: { to: '/login', label: 'auth.assessor.goBack' },
};

/**
 * /login and /login/assessor: email-or-username and password, then, when the account asks
 * for it, a one-time code. Assessors have their own page (S-1); an account at the wrong one
 * is told so, with a link, once its password is right (decision 0034). The API client
 * stores the session; once the auth context sees it, this page redirects to where the user
 * was going.
 */
export function LoginPage({ kind = 'standard' }: { kind?: SignInKind }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { isAuthenticated } = useAuth();
  const loginMutation = useLogin(kind);
  const verifyMutation = useVerifyLogin();
  const sendCode = useSendLoginCode();
  const recover = useRecoverLogin();
  const [step, setStep] = useState<'credentials' | 'mfa' | 'recovery'>('credentials');
  const [identifier, setIdentifier] = useState('');
  const [methods, setMethods] = useState<MfaMethodKind[]>([]);
  const [fieldErrors, setFieldErrors] = useState(false);

  const active = step === 'credentials' ? loginMutation : step === 'mfa' ? verifyMutation : recover;
  const serverError = !active.isError
    ? null
    : step === 'recovery' && readApiFailure(active.error).code === 'VALIDATION_FAILED'
      ? t('auth.recovery.wrong')
      : apiErrorMessage(active.error, t);
  const door = loginMutation.isError ? otherDoor[readApiFailure(loginMutation.error).code ?? ''] : undefined;
  const credentialsTitle = kind === 'assessor' ? t('auth.assessor.title') : t('login.title');
  const title =
    step === 'credentials' ? credentialsTitle : step === 'mfa' ? t('mfa.title') : t('auth.recovery.title');
  useDocumentTitle(title, fieldErrors || serverError !== null);

  if (isAuthenticated) return <Navigate to={destinationFrom(location.state)} replace />;

  return (
    <Container size={460} px="md" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
        <Title order={1} size="h2" mb="xs">
          {title}
        </Title>
        <SessionEndNotice />
        {step === 'recovery' ? null : (
          <Text c="dimmed" mb="lg">
            {step === 'mfa' ? t('mfa.lead') : kind === 'assessor' ? t('auth.assessor.lead') : t('login.lead')}
          </Text>
        )}
        <Suspense fallback={null}>
          {step === 'credentials' ? (
            <LoginForm
              pending={loginMutation.isPending}
              serverError={serverError}
              serverErrorAction={
                door ? (
                  <Text mt="xs">
                    <Anchor component={Link} to={door.to} state={location.state}>
                      {t(door.label)}
                    </Anchor>
                  </Text>
                ) : null
              }
              onErrorsChange={setFieldErrors}
              onSubmit={(credentials) => {
                void loadMfaForm();
                void loadRecoveryForm();
                loginMutation.mutate(credentials, {
                  onSuccess: (answer) => {
                    if (requiresMfa(answer)) {
                      verifyMutation.reset();
                      sendCode.reset();
                      setIdentifier(credentials.identifier);
                      setMethods(answer.methods ?? []);
                      setStep('mfa');
                    }
                  },
                });
              }}
            />
          ) : step === 'recovery' ? (
            <RecoveryCodeForm
              pending={recover.isPending}
              serverError={serverError}
              onErrorsChange={setFieldErrors}
              onSubmit={(code) => recover.mutate(code)}
              onBack={() => {
                recover.reset();
                setFieldErrors(false);
                setStep('mfa');
              }}
            />
          ) : (
            <MfaForm
              pending={verifyMutation.isPending}
              serverError={serverError}
              serverFailure={verifyMutation.error}
              onErrorsChange={setFieldErrors}
              methods={methods}
              onSubmit={(answer) => verifyMutation.mutate({ ...answer, identifier })}
              onSendCode={() => sendCode.mutate()}
              sendState={sendStateOf(sendCode)}
              sendError={sendCode.isError ? apiErrorMessage(sendCode.error, t) : null}
              onRestart={() => {
                loginMutation.reset();
                setFieldErrors(false);
                setStep('credentials');
              }}
            />
          )}
        </Suspense>
        {step === 'mfa' ? (
          <Text mt="lg">
            <Anchor
              component="button"
              type="button"
              onClick={() => {
                verifyMutation.reset();
                setFieldErrors(false);
                setStep('recovery');
              }}
            >
              {t('auth.recovery.link')}
            </Anchor>
          </Text>
        ) : null}
        {step === 'credentials' ? (
          <Text mt="lg">
            <Anchor component={Link} to="/forgot-password">
              {t('auth.forgot.link')}
            </Anchor>
          </Text>
        ) : null}
        {step === 'credentials' && kind === 'standard' ? (
          <Text mt="xs">
            <Anchor component={Link} to="/register">
              {t('account.register.nav')}
            </Anchor>
          </Text>
        ) : null}
        {step === 'credentials' ? (
          <Text mt="xs">
            <Anchor
              component={Link}
              to={kind === 'assessor' ? '/login' : '/login/assessor'}
              state={location.state}
            >
              {kind === 'assessor' ? t('auth.assessor.back') : t('auth.assessor.link')}
            </Anchor>
          </Text>
        ) : null}
        {step === 'credentials' && kind === 'standard' ? (
          <SsoButtons returnTo={destinationFrom(location.state)} />
        ) : null}
      </Paper>
    </Container>
  );
}
