import { Alert, Badge, Button, Code, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Receiver, ReceiverTestResult } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useTestReceiver } from '../api/test-receiver.ts';

const COLOURS = { delivered: 'green', refused: 'red', failed: 'orange' } as const;
const HEADLINES = { delivered: 'delivered', refused: 'refused', failed: 'unreachable' } as const;

/** The receiver's answer to a test message: outcome, HTTP status, acknowledgement and its sentences, the body. */
function Answer({ result }: { result: ReceiverTestResult }) {
  const { t } = useTranslation();
  const errors = result.findings.filter((f) => f.severity === 'error').length;
  return (
    <Stack gap="sm" data-testid="test-answer">
      <Alert
        color={COLOURS[result.outcome]}
        title={t(`receivers.test.${HEADLINES[result.outcome]}`)}
        role="status"
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
          <div>
            <Text component="dt" size="sm" c="dimmed">
              {t('receivers.test.httpStatus')}
            </Text>
            <Text component="dd" m={0}>
              {result.httpStatus ?? t('receivers.test.noStatus')}
            </Text>
          </div>
          <div>
            <Text component="dt" size="sm" c="dimmed">
              {t('receivers.test.ack')}
            </Text>
            <Text component="dd" m={0}>
              {result.ack ? (
                <Badge color={result.ack.accepted ? 'green' : 'red'} variant="light">
                  {t(result.ack.accepted ? 'receivers.test.ackAccepted' : 'receivers.test.ackRejected', {
                    code: result.ack.code,
                  })}
                </Badge>
              ) : (
                t('receivers.test.ackNone')
              )}
            </Text>
          </div>
          <div>
            <Text component="dt" size="sm" c="dimmed">
              {t('receivers.test.messageId')}
            </Text>
            <Text component="dd" m={0} ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
              {result.messageId}
            </Text>
          </div>
        </SimpleGrid>
      </Alert>
      {result.ack && result.ack.errors.length > 0 ? (
        <div>
          <Text fw={500}>{t('receivers.test.ackErrors')}</Text>
          <List>
            {result.ack.errors.map((e) => (
              <List.Item key={e}>{e}</List.Item>
            ))}
          </List>
        </div>
      ) : null}
      {!result.valid ? (
        <Text size="sm" c="dimmed">
          {t('receivers.test.invalid', { count: errors })}
        </Text>
      ) : null}
      {result.body ? (
        <div>
          <Text fw={500}>{t('receivers.test.answer')}</Text>
          {/* Focusable so keyboard users can scroll a long answer (axe: scrollable-region-focusable). */}
          <Code
            block
            tabIndex={0}
            aria-label={t('receivers.test.answer')}
            style={{ maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {result.body}
          </Code>
        </div>
      ) : null}
    </Stack>
  );
}

/** "Send test message" (decision 0185): the saved settings tried against the receiver. */
export function TestMessage({ receiver }: { receiver: Receiver }) {
  const { t } = useTranslation();
  const test = useTestReceiver(receiver.organisationId, receiver.id);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="receiver-test-title">
      <Title order={2} size="h4" mb="xs" id="receiver-test-title">
        {t('receivers.test.title')}
      </Title>
      {receiver.transport.type === 'none' ? (
        <Text>{t('receivers.test.noTransport')}</Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('receivers.test.lead')}
          </Text>
          <Button w="fit-content" loading={test.isPending} onClick={() => test.mutate()}>
            {t('receivers.test.send')}
          </Button>
          <div aria-live="polite">
            {test.isPending ? <Text size="sm">{t('receivers.test.sending')}</Text> : null}
            {test.isError ? (
              <Alert color="red" title={t('receivers.test.failed')}>
                {apiErrorMessage(test.error, t)}
              </Alert>
            ) : null}
            {test.data && !test.isPending ? <Answer result={test.data} /> : null}
          </div>
        </Stack>
      )}
    </Paper>
  );
}
