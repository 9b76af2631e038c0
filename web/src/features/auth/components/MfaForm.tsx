import { Alert, Button, Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { MfaMethodKind } from '@vigilo/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { serverFieldErrors } from '../../../lib/server-errors.ts';

export interface MfaAnswer {
  code: string;
  method?: MfaMethodKind;
  rememberDevice: boolean;
}

interface MfaFormProps {
  /** The kinds of factor the account has (from the login answer); a choice is offered when there are two. */
  methods: readonly MfaMethodKind[];
  onSubmit: (answer: MfaAnswer) => void;
  onRestart: () => void;
  /** Texts a code to the account's phone. */
  onSendCode: () => void;
  sendState: 'idle' | 'pending' | 'sent' | 'error';
  sendError: string | null;
  pending: boolean;
  serverError: string | null;
  /** The refused call itself: a wrong code shows beside the field and in the summary. */
  serverFailure?: unknown;
  onErrorsChange?: (hasErrors: boolean) => void;
  /** Offer "remember this device" (the password sign-in keeps its token per sign-in name). */
  allowRemember?: boolean;
}

export { sendStateOf } from './send-state.ts';

const codeFieldId = 'login-code';

/** Spaces and dashes are accepted ("123 456", "123-456") and dropped before checking. */
export function normaliseCode(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/**
 * Step two of sign-in when the account has a second factor: the 6-digit code from the
 * authenticator app or a text message (sent on request), and whether to remember this
 * device. `one-time-code` lets phones offer a code they received.
 */
export function MfaForm({
  methods,
  onSubmit,
  onRestart,
  onSendCode,
  sendState,
  sendError,
  pending,
  serverError,
  serverFailure,
  onErrorsChange,
  allowRemember = true,
}: MfaFormProps) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<MfaMethodKind>(
    methods.includes('totp') || methods.length === 0 ? 'totp' : 'sms',
  );
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submitCount, setSubmitCount] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const choice = methods.includes('totp') && methods.includes('sms');
  const serverItems = serverFieldErrors(
    serverFailure,
    { 'body/code': { fieldId: codeFieldId, label: t('mfa.code') } },
    t,
  );
  const shown = errors.length > 0 ? errors : serverItems;
  const refusedField = serverItems.length > 0;
  // A refusal that names the code moves focus to the summary, as a browser-side error does.
  useEffect(() => {
    if (serverFailure && refusedField) setSubmitCount((n) => n + 1);
  }, [serverFailure, refusedField]);

  // The step replaces the password form: put the user straight into the one field it has.
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = normaliseCode(code);
    const found: FieldErrorItem[] = [];
    if (!value) found.push({ fieldId: codeFieldId, message: t('mfa.errors.codeMissing') });
    else if (!/^\d{6}$/.test(value))
      found.push({ fieldId: codeFieldId, message: t('mfa.errors.codeFormat') });
    setErrors(found);
    setSubmitCount((n) => n + 1);
    onErrorsChange?.(found.length > 0);
    if (found.length === 0)
      onSubmit({ code: value, ...(methods.length > 0 ? { method } : {}), rememberDevice: remember });
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <ErrorSummary title={t('common.errorSummaryTitle')} errors={shown} focusKey={submitCount} />
        {serverError && shown.length === 0 ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t('mfa.failedTitle')}
          >
            {serverError}
          </Alert>
        ) : null}
        {choice ? (
          <Radio.Group
            label={t('auth.mfa.methodLabel')}
            value={method}
            onChange={(value) => setMethod(value === 'sms' ? 'sms' : 'totp')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="totp" label={t('auth.mfa.methods.totp')} />
              <Radio value="sms" label={t('auth.mfa.methods.sms')} />
            </Stack>
          </Radio.Group>
        ) : null}
        {method === 'sms' ? (
          <Stack gap="xs" align="flex-start">
            <Button type="button" variant="outline" onClick={onSendCode} loading={sendState === 'pending'}>
              {sendState === 'sent' ? t('auth.mfa.sendAgain') : t('auth.mfa.sendCode')}
            </Button>
            {sendState === 'sent' ? (
              <Text role="status" c="teal.8" size="sm">
                <IconCircleCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
                {t('auth.mfa.codeSent')}
              </Text>
            ) : null}
            {sendState === 'error' && sendError ? (
              <Text role="alert" c="red.8" size="sm">
                {sendError}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        <TextInput
          ref={inputRef}
          id={codeFieldId}
          name="code"
          label={t('mfa.code')}
          description={method === 'sms' ? t('auth.mfa.smsHint') : t('auth.mfa.totpHint')}
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={shown[0]?.message}
          size="md"
          styles={{
            input: { maxWidth: '14rem', letterSpacing: '0.15em', fontVariantNumeric: 'tabular-nums' },
          }}
        />
        {allowRemember ? (
          <Checkbox
            label={t('auth.mfa.remember')}
            description={t('auth.mfa.rememberHint')}
            checked={remember}
            onChange={(event) => setRemember(event.currentTarget.checked)}
          />
        ) : null}
        <Group gap="sm" mt="xs">
          <Button type="submit" size="md" loading={pending}>
            {t('mfa.submit')}
          </Button>
          <Button type="button" size="md" variant="subtle" onClick={onRestart}>
            {t('mfa.restart')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
