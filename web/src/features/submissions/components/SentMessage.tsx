import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { useSentMessage } from '../api/get-sent-message.ts';

/** Saves `text` as a file through the browser's download (an object URL, revoked soon after). */
function download(text: string, name: string) {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([text], { type: 'application/xml' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The E2B(R3) message as sent, or as it will be (GET /v1/reports/anonymised/{id}): shown on request, downloadable. */
export function SentMessage({ id, sent }: { id: string; sent: boolean }) {
  const { t } = useTranslation();
  const message = useSentMessage(id);
  const [shown, setShown] = useState(false);
  if (message.isPending) return <Loading />;
  if (message.isError)
    return (
      <LoadError
        title={t('submissionsView.detail.messageFailed')}
        error={message.error}
        onRetry={() => void message.refetch()}
        retrying={message.isFetching}
      />
    );
  const { xml, messageId } = message.data;
  return (
    <Stack gap="sm">
      {/* "Exactly as it was sent" only once it was (issue 25 item 12). */}
      <Text>
        {t(sent ? 'submissionsView.detail.messageLead' : 'submissionsView.detail.messageLeadUnsent')}
      </Text>
      <Group gap="sm">
        <Button
          variant="outline"
          leftSection={shown ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
          aria-expanded={shown}
          aria-controls="sent-message-xml"
          onClick={() => setShown((s) => !s)}
        >
          {shown ? t('submissionsView.detail.hideMessage') : t('submissionsView.detail.showMessage')}
        </Button>
        <Button
          variant="outline"
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={() => download(xml, `${messageId}.xml`)}
        >
          {t('submissionsView.detail.download')}
        </Button>
      </Group>
      {shown ? (
        <Code
          block
          id="sent-message-xml"
          // Focusable so a keyboard can scroll it; named for screen readers.
          tabIndex={0}
          aria-label={t('submissionsView.detail.message')}
          style={{ maxHeight: '28rem', overflow: 'auto', whiteSpace: 'pre', fontSize: 12 }}
        >
          {xml}
        </Code>
      ) : null}
    </Stack>
  );
}
