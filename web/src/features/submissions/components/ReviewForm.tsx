import {
  Alert,
  Button,
  Fieldset,
  PasswordInput,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconSignature } from '@tabler/icons-react';
import type { SubmissionReport } from '@vigilo/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { apiErrorMessage, readApiFailure } from '../../../lib/api-errors.ts';
import { serverFieldErrors } from '../../../lib/server-errors.ts';
import { useSignReview } from '../api/sign-review.ts';

const ids = { comment: 'review-comment', password: 'review-password', code: 'review-code' };

/**
 * Approve or reject a submission report as an electronic signature (decision 0172): the
 * decision and comment, then the signer's password or authenticator code asked again, with
 * the meaning of the signature said before signing. A wrong password signs nothing and is
 * said so beside the field; the password is cleared, the decision and comment kept.
 */
export function ReviewForm({
  report,
  onSigned,
  onErrorsChange,
}: {
  report: SubmissionReport;
  onSigned?: () => void;
  /** Whether the form shows errors now (the page title then starts with "Error: "). */
  onErrorsChange?: (hasErrors: boolean) => void;
}) {
  const { t } = useTranslation();
  const sign = useSignReview(report.id);
  const [decision, setDecision] = useState<'APPROVED' | 'REJECTED'>('APPROVED');
  const [comment, setComment] = useState('');
  const [method, setMethod] = useState<'password' | 'totp'>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [attempts, setAttempts] = useState(0);
  const rejecting = decision === 'REJECTED';
  const meaning = t(
    rejecting ? 'submissionsView.sign.meaningRejected' : 'submissionsView.sign.meaningApproved',
  );

  const refused = serverFieldErrors(
    sign.error,
    {
      'body/password': { fieldId: ids.password, messageKey: 'submissionsView.sign.wrongPassword' },
      'body/code': { fieldId: ids.code, messageKey: 'submissionsView.sign.wrongCode' },
      'body/totpCode': { fieldId: ids.code, messageKey: 'submissionsView.sign.wrongCode' },
    },
    t,
  );
  const shown = errors.length > 0 ? errors : refused;
  const hasErrors = shown.length > 0;
  useEffect(() => onErrorsChange?.(hasErrors), [hasErrors, onErrorsChange]);
  const failure = readApiFailure(sign.error);
  const other = sign.error && refused.length === 0 && !sign.isPending;
  // A refused proof: clear what was typed (never keep a wrong secret) and announce the summary.
  const refusedCount = refused.length;
  useEffect(() => {
    if (sign.error && refusedCount > 0) {
      setPassword('');
      setCode('');
      setAttempts((n) => n + 1);
    }
  }, [sign.error, refusedCount]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrorItem[] = [];
    if (rejecting && comment.trim() === '')
      found.push({ fieldId: ids.comment, message: t('submissionsView.sign.rejectionMissing') });
    if (method === 'password' && password === '')
      found.push({ fieldId: ids.password, message: t('submissionsView.sign.passwordMissing') });
    if (method === 'totp' && code.trim() === '')
      found.push({ fieldId: ids.code, message: t('submissionsView.sign.codeMissing') });
    setErrors(found);
    setAttempts((n) => n + 1);
    if (found.length > 0) return;
    const text = comment.trim();
    sign.mutate(
      {
        reviewStatus: decision,
        ...(text ? (rejecting ? { rejectionComment: text } : { approvalComment: text }) : {}),
        ...(method === 'password' ? { password } : { totpCode: code.replace(/\s/g, '') }),
      },
      {
        onSuccess: () => {
          setPassword('');
          setCode('');
          onSigned?.();
        },
      },
    );
  };
  const fieldError = (id: string) => shown.find((e) => e.fieldId === id)?.message;

  return (
    <form noValidate onSubmit={submit} aria-label={t('submissionsView.sign.decision')}>
      <Stack gap="md">
        <ErrorSummary title={t('submissionsView.actions.errorTitle')} errors={shown} focusKey={attempts} />
        {other ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {failure.status === 429 ? t('submissionsView.sign.tooMany') : apiErrorMessage(sign.error, t)}
          </Alert>
        ) : null}
        {report.signature ? <Text>{t('submissionsView.sign.already')}</Text> : null}
        <Radio.Group
          label={t('submissionsView.sign.decision')}
          value={decision}
          onChange={(value) => setDecision(value === 'REJECTED' ? 'REJECTED' : 'APPROVED')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="APPROVED" label={t('submissionsView.sign.approve')} />
            <Radio value="REJECTED" label={t('submissionsView.sign.reject')} />
          </Stack>
        </Radio.Group>
        <Textarea
          id={ids.comment}
          label={t(
            rejecting ? 'submissionsView.sign.rejectionComment' : 'submissionsView.sign.approvalComment',
          )}
          value={comment}
          maxLength={2000}
          rows={3}
          error={fieldError(ids.comment)}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        <Fieldset legend={t('submissionsView.sign.signTitle')}>
          <Stack gap="sm">
            <Text data-testid="signature-meaning">{t('submissionsView.sign.signLead', { meaning })}</Text>
            <Radio.Group
              label={t('submissionsView.sign.method')}
              value={method}
              onChange={(value) => setMethod(value === 'totp' ? 'totp' : 'password')}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="password" label={t('submissionsView.sign.methodPassword')} />
                <Radio value="totp" label={t('submissionsView.sign.methodTotp')} />
              </Stack>
            </Radio.Group>
            {method === 'password' ? (
              <PasswordInput
                id={ids.password}
                label={t('submissionsView.sign.password')}
                autoComplete="current-password"
                value={password}
                error={fieldError(ids.password)}
                onChange={(event) => setPassword(event.currentTarget.value)}
                maw={360}
              />
            ) : (
              <TextInput
                id={ids.code}
                label={t('submissionsView.sign.code')}
                description={t('submissionsView.sign.codeHint')}
                autoComplete="one-time-code"
                inputMode="numeric"
                value={code}
                error={fieldError(ids.code)}
                onChange={(event) => setCode(event.currentTarget.value)}
                maw={240}
              />
            )}
          </Stack>
        </Fieldset>
        <div>
          <Button
            type="submit"
            color={rejecting ? 'red' : undefined}
            leftSection={<IconSignature size={18} aria-hidden />}
            loading={sign.isPending}
          >
            {t(rejecting ? 'submissionsView.sign.submitReject' : 'submissionsView.sign.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
