import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { CreatedApiKey } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';

/**
 * The one and only showing of a new key: the key, a copy button and a warning. Closing it
 * forgets the key (the page keeps it nowhere else).
 */
export function NewKeyDialog({
  created,
  onClose,
  onClosed,
}: {
  created: CreatedApiKey | null;
  onClose: () => void;
  /** After the dialog has gone: where focus returns (decision 0038). */
  onClosed?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={created !== null}
      onClose={() => {
        onClose();
        onClosed?.();
      }}
      onExitTransitionEnd={onClosed}
      title={t('integrations.apiKeys.created.title')}
      size="lg"
      closeOnClickOutside={false}
    >
      {created ? (
        <Stack gap="md">
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
            {t('integrations.apiKeys.created.warning')}
          </Alert>
          <div>
            <Text fw={600} id="new-api-key-label" mb={4}>
              {t('integrations.apiKeys.created.label')}
            </Text>
            <Code
              block
              aria-labelledby="new-api-key-label"
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            >
              {created.key}
            </Code>
          </div>
          <Group justify="space-between">
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  leftSection={
                    copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />
                  }
                  onClick={copy}
                  aria-live="polite"
                >
                  {copied ? t('integrations.apiKeys.created.copied') : t('integrations.apiKeys.created.copy')}
                </Button>
              )}
            </CopyButton>
            <Button
              onClick={() => {
                onClose();
                onClosed?.();
              }}
            >
              {t('integrations.apiKeys.created.done')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
