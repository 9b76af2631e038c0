import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { Receiver } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';

/** The address a receiver's AS2 gateway sends to (decision 0196), absolute: the API is on this origin. */
export const inboundAs2Url = (receiver: Pick<Receiver, 'id' | 'organisationId'>) =>
  `${window.location.origin}/v1/organisation/${receiver.organisationId}/receivers/${receiver.id}/as2`;

/**
 * "Partner sends acknowledgements to": the address to give the partner, with a copy button,
 * once the AS2 receiver is saved (until then it has no id, and the page says so).
 */
export function InboundAddress({
  receiver,
}: {
  receiver: Pick<Receiver, 'id' | 'organisationId'> | undefined;
}) {
  const { t } = useTranslation();
  if (!receiver)
    return (
      <Text size="sm" c="dimmed" data-testid="as2-inbound-later">
        {t('receivers.as2.inboundLater')}
      </Text>
    );
  const url = inboundAs2Url(receiver);
  return (
    <Stack gap={4} data-testid="as2-inbound">
      <Text fw={500} size="sm" id="as2-inbound-label">
        {t('receivers.as2.inbound')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('receivers.as2.inboundHint')}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code style={{ wordBreak: 'break-all' }} data-testid="as2-inbound-url">
          {url}
        </Code>
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              size="xs"
              style={{ flexShrink: 0 }}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
              aria-live="polite"
            >
              {copied ? t('receivers.as2.copied') : t('receivers.as2.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
