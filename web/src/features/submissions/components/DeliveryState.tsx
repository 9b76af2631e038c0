import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import type { SubmissionReport } from '@vigilo/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlinePanel } from '../../../components/ui/InlinePanel.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useResendSubmissionReport } from '../api/resend-submission-report.ts';
import { Fact } from './ReportFacts.tsx';

/** The last error in the reader's words: what kind of failure, from the HTTP status, then the receiver's own words. */
function useLastErrorText(report: SubmissionReport): string[] {
  const { t } = useTranslation();
  if (!report.lastError) return [t('submissionsView.delivery.noError')];
  const status = report.httpStatus;
  const kind =
    status === null
      ? t('submissionsView.delivery.errorNoAnswer')
      : status >= 500 || status === 408 || status === 429
        ? t('submissionsView.delivery.errorUnavailable', { status })
        : t('submissionsView.delivery.errorRefused', { status });
  return [kind, t('submissionsView.delivery.errorDetail', { detail: report.lastError })];
}

/**
 * Where the delivery of a message stands, in words, for staff (decision 0327): attempts made of
 * the receiver's budget, the next attempt, the last error, how often it was sent again; and
 * "Send again" for a FAILED message, confirmed in place first (keyboard: the panel takes focus).
 */
export function DeliveryState({ report, canResend }: { report: SubmissionReport; canResend: boolean }) {
  const { t, i18n } = useTranslation();
  const resend = useResendSubmissionReport(report.id);
  const [confirming, setConfirming] = useState(false);
  const [queued, setQueued] = useState(false);
  // One key per confirmation: a retry of the same click never queues two.
  const key = useRef<string>('');
  const errorLines = useLastErrorText(report);
  const at = (value: string) => formatDateTime(value, i18n.language);
  return (
    <Stack gap="sm">
      <Text size="sm">{t('submissionsView.delivery.lead')}</Text>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm" m={0}>
        <Fact term={t('submissionsView.delivery.attempts')}>
          {t('submissionsView.delivery.attemptsOf', { attempts: report.attempts, max: report.maxAttempts })}
        </Fact>
        <Fact term={t('submissionsView.delivery.nextAttempt')}>
          {report.nextAttemptAt ? at(report.nextAttemptAt) : t('submissionsView.delivery.noNextAttempt')}
        </Fact>
        <Fact term={t('submissionsView.delivery.resent')}>
          {report.resendCount > 0 && report.resentAt
            ? t('submissionsView.delivery.resentCount', {
                count: report.resendCount,
                at: at(report.resentAt),
              })
            : t('submissionsView.delivery.resentNever')}
        </Fact>
      </SimpleGrid>
      <Stack component="dl" gap="sm" m={0}>
        <Fact term={t('submissionsView.delivery.lastError')}>
          {errorLines.map((line) => (
            <span key={line} style={{ display: 'block' }}>
              {line}
            </span>
          ))}
        </Fact>
      </Stack>
      {queued && report.status !== 'FAILED' ? (
        <Text role="status" c="teal.9" size="sm">
          {t('submissionsView.delivery.queued')}
        </Text>
      ) : null}
      {canResend && report.status === 'FAILED' ? (
        <Stack gap="xs">
          <Text size="sm">
            {t('submissionsView.delivery.sendAgainLead', {
              messageId: report.messageId,
              receiver: report.receiverName,
              max: report.maxAttempts,
            })}
          </Text>
          {resend.error && !resend.isPending ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {apiErrorMessage(resend.error, t)}
            </Alert>
          ) : null}
          {confirming ? (
            <InlinePanel>
              <Stack
                gap="xs"
                role="group"
                aria-labelledby="send-again-title"
                tabIndex={-1}
                p="sm"
                style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
              >
                <Title order={3} size="h5" id="send-again-title">
                  {t('submissionsView.delivery.confirmTitle')}
                </Title>
                <Text size="sm">
                  {t('submissionsView.delivery.confirmText', {
                    messageId: report.messageId,
                    receiver: report.receiverName,
                  })}
                </Text>
                <Group gap="sm">
                  <Button
                    loading={resend.isPending}
                    leftSection={<IconSend size={18} aria-hidden />}
                    onClick={() =>
                      resend.mutate(key.current, {
                        onSuccess: () => {
                          setConfirming(false);
                          setQueued(true);
                        },
                      })
                    }
                  >
                    {t('submissionsView.delivery.confirm')}
                  </Button>
                  <Button variant="default" onClick={() => setConfirming(false)} disabled={resend.isPending}>
                    {t('submissionsView.delivery.cancel')}
                  </Button>
                </Group>
              </Stack>
            </InlinePanel>
          ) : (
            <div>
              <Button
                variant="outline"
                leftSection={<IconSend size={18} aria-hidden />}
                onClick={() => {
                  key.current = crypto.randomUUID();
                  resend.reset();
                  setConfirming(true);
                }}
              >
                {t('submissionsView.delivery.sendAgain')}
              </Button>
            </div>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
