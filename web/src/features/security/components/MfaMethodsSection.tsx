import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconDeviceMobileMessage,
  IconKey,
  IconRefresh,
} from '@tabler/icons-react';
import type { MfaMethod, MfaMethodKind } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlinePanel } from '../../../components/ui/InlinePanel.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/dates.ts';
import { serverFieldErrors } from '../../../lib/server-errors.ts';
import { useDeleteMfaMethod } from '../api/delete-mfa-method.ts';
import { useMfaMethods } from '../api/get-mfa-methods.ts';
import { usePlatformMfaMethods } from '../api/get-platform-mfa-methods.ts';
import { AddSmsPanel } from './AddSmsPanel.tsx';
import { AddTotpPanel } from './AddTotpPanel.tsx';
import { PasswordStepForm } from './PasswordStepForm.tsx';
import { RecoveryCodesSection } from './RecoveryCodesSection.tsx';

type Panel = { kind: 'add'; method: MfaMethodKind } | { kind: 'remove'; method: MfaMethod } | null;

/** One factor in the list, with its remove step when asked for. */
function MethodRow({
  method,
  removing,
  onRemove,
  onCancel,
  onRemoved,
}: {
  method: MfaMethod;
  removing: boolean;
  onRemove: () => void;
  onCancel: () => void;
  onRemoved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteMfaMethod();
  const passwordId = `remove-${method.factorSid}-password`;
  const fieldErrors = remove.isError
    ? serverFieldErrors(
        remove.error,
        {
          'body/currentPassword': { fieldId: passwordId, messageKey: 'security.errors.currentPasswordWrong' },
        },
        t,
      )
    : [];
  const label =
    method.method === 'totp'
      ? t('security.methods.totp')
      : t('security.methods.sms', { phone: method.phoneNumber });
  return (
    <Paper withBorder p="md" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          {method.method === 'totp' ? <IconKey aria-hidden /> : <IconDeviceMobileMessage aria-hidden />}
          <div>
            <Text fw={600}>{label}</Text>
            <Text size="sm" c="dimmed">
              {t('security.methods.added', {
                date: formatDate(method.createdAt, i18n.language),
              })}
            </Text>
          </div>
        </Group>
        {!removing ? (
          <Button
            id={`remove-${method.factorSid}`}
            variant="outline"
            color="red"
            onClick={onRemove}
            aria-label={t('security.methods.removeLabel', { method: label })}
          >
            {t('security.methods.remove')}
          </Button>
        ) : null}
      </Group>
      {removing ? (
        <InlinePanel>
          <Stack mt="md">
            <Text>{t('security.methods.removeConfirm', { method: label })}</Text>
            <PasswordStepForm
              fieldId={passwordId}
              pending={remove.isPending}
              serverErrors={fieldErrors}
              alert={
                remove.isError && fieldErrors.length === 0 ? (
                  <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
                    {apiErrorMessage(remove.error, t)}
                  </Alert>
                ) : null
              }
              submitLabel={t('security.methods.remove')}
              submitColor="red"
              onSubmit={(currentPassword) =>
                remove.mutate(
                  { factorSid: method.factorSid, method: method.method, currentPassword },
                  { onSuccess: onRemoved },
                )
              }
              onCancel={onCancel}
            />
          </Stack>
        </InlinePanel>
      ) : null}
    </Paper>
  );
}

/** Two-step verification: the factors set up, and buttons to add the methods the platform offers. */
export function MfaMethodsSection({ platformId }: { platformId: string | null }) {
  const { t } = useTranslation();
  const methods = useMfaMethods();
  const offered = usePlatformMfaMethods(platformId);
  const [panel, setPanel] = useState<Panel>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The recovery codes that came with the first factor: shown once, until saved (0036).
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const finish = (message: string, method?: MfaMethod) => {
    setPanel(null);
    setNotice(message);
    if (method?.recoveryCodes?.length) setFreshCodes(method.recoveryCodes);
  };
  const offers = (m: MfaMethodKind) => offered.data?.methods.includes(m) ?? false;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="mfa-title">
      <Title order={2} size="h3" id="mfa-title" mb={4}>
        {t('security.methods.title')}
      </Title>
      <Text c="dimmed" mb="md">
        {t('security.methods.lead')}
      </Text>
      <Stack gap="md">
        {notice ? (
          <Alert
            color="teal"
            icon={<IconCircleCheck aria-hidden />}
            role="status"
            withCloseButton
            onClose={() => setNotice(null)}
          >
            {notice}
          </Alert>
        ) : null}
        {methods.isPending ? (
          <Stack aria-busy="true">
            <Text role="status" size="sm" c="dimmed">
              {t('common.loading')}
            </Text>
            <Skeleton height={56} />
          </Stack>
        ) : methods.isError ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('security.methods.loadFailed')}>
            <Stack gap="sm" align="flex-start">
              {apiErrorMessage(methods.error, t)}
              <Button
                variant="outline"
                color="red"
                leftSection={<IconRefresh size={18} aria-hidden />}
                onClick={() => void methods.refetch()}
              >
                {t('common.tryAgain')}
              </Button>
            </Stack>
          </Alert>
        ) : methods.data.length === 0 ? (
          <Text>{t('security.methods.empty')}</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0}>
            {methods.data.map((m) => (
              <MethodRow
                key={m.factorSid}
                method={m}
                removing={panel?.kind === 'remove' && panel.method.factorSid === m.factorSid}
                onRemove={() => {
                  setNotice(null);
                  setPanel({ kind: 'remove', method: m });
                }}
                onCancel={() => setPanel(null)}
                onRemoved={() => finish(t('security.methods.removed'))}
              />
            ))}
          </Stack>
        )}
        {methods.isSuccess && (methods.data.length > 0 || freshCodes) ? (
          <RecoveryCodesSection freshCodes={freshCodes} onFreshSaved={() => setFreshCodes(null)} />
        ) : null}
        {panel?.kind === 'add' && panel.method === 'totp' ? (
          <InlinePanel>
            <AddTotpPanel
              onDone={(m) => finish(t('security.totp.done'), m)}
              onCancel={() => setPanel(null)}
            />
          </InlinePanel>
        ) : null}
        {panel?.kind === 'add' && panel.method === 'sms' ? (
          <InlinePanel>
            <AddSmsPanel onDone={(m) => finish(t('security.sms.done'), m)} onCancel={() => setPanel(null)} />
          </InlinePanel>
        ) : null}
        {panel === null ? (
          <Group gap="sm">
            {offers('totp') ? (
              <Button
                id="security-add-totp"
                leftSection={<IconKey size={18} aria-hidden />}
                onClick={() => {
                  setNotice(null);
                  setPanel({ kind: 'add', method: 'totp' });
                }}
              >
                {t('security.methods.addTotp')}
              </Button>
            ) : null}
            {offers('sms') ? (
              <Button
                id="security-add-sms"
                variant="outline"
                leftSection={<IconDeviceMobileMessage size={18} aria-hidden />}
                onClick={() => {
                  setNotice(null);
                  setPanel({ kind: 'add', method: 'sms' });
                }}
              >
                {t('security.methods.addSms')}
              </Button>
            ) : null}
            {offered.isSuccess && offered.data.methods.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('security.methods.noneOffered')}
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
