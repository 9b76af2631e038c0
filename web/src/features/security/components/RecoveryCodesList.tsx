import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * New recovery codes, shown this once (decision 0036): the list, a copy button and a text
 * file to download, and a button that says they have been saved.
 */
export function RecoveryCodesList({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const text = `${t('security.recovery.fileHeading')}\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'vigilo-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('security.recovery.newTitle')}
      role="region"
      aria-live="polite"
    >
      <Stack gap="sm">
        <Text size="sm">{t('security.recovery.newLead')}</Text>
        <List data-testid="recovery-codes" ff="monospace" spacing={2} listStyleType="none">
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Group gap="xs">
          <CopyButton value={codes.join('\n')}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconCopy size={16} aria-hidden />}
                onClick={copy}
              >
                {copied ? t('security.recovery.copied') : t('security.recovery.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={download}
          >
            {t('security.recovery.download')}
          </Button>
          <Button size="xs" onClick={onSaved}>
            {t('security.recovery.saved')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
