import { Text, Title } from '@mantine/core';
import type { MfaMethodKind } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSendLoginCode } from '../../auth/api/send-login-code.ts';
import { useVerifyLogin } from '../../auth/api/verify-login.ts';
import { MfaForm, sendStateOf } from '../../auth/components/MfaForm.tsx';

/**
 * The second step after an SSO sign-in when the account has a second factor: the same form
 * and the same call (POST /v1/login/verify) as after a password. "Remember this device" is
 * not offered: remembered devices are kept per sign-in name, which SSO does not type.
 */
export function SsoMfaStep({ methods, onDone }: { methods: MfaMethodKind[]; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verify = useVerifyLogin();
  const sendCode = useSendLoginCode();
  const [fieldErrors, setFieldErrors] = useState(false);
  const serverError = verify.isError ? apiErrorMessage(verify.error, t) : null;
  useDocumentTitle(t('mfa.title'), fieldErrors || serverError !== null);
  return (
    <>
      <Title order={1} size="h2" mb="xs">
        {t('mfa.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('mfa.lead')}
      </Text>
      <MfaForm
        methods={methods}
        allowRemember={false}
        pending={verify.isPending}
        serverError={serverError}
        serverFailure={verify.error}
        onErrorsChange={setFieldErrors}
        onSubmit={(answer) => verify.mutate({ ...answer, identifier: '' }, { onSuccess: onDone })}
        onSendCode={() => sendCode.mutate()}
        sendState={sendStateOf(sendCode)}
        sendError={sendCode.isError ? apiErrorMessage(sendCode.error, t) : null}
        onRestart={() => navigate('/login', { replace: true })}
      />
    </>
  );
}
