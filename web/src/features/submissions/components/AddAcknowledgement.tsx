import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { usePostResponse } from '../api/post-response.ts';

/**
 * "Add an acknowledgement": an ICH acknowledgement file that reached staff outside Vigilo is
 * read in the browser and posted as the gateways post theirs; the answer says whether it
 * matched a message, or why it is kept flagged.
 */
export function AddAcknowledgement() {
  const { t } = useTranslation();
  const post = usePostResponse();
  const resetRef = useRef<() => void>(null);
  const choose = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    post.mutate(await file.text());
  };
  const answer = post.data;
  return (
    <Stack gap="sm" mb="md">
      <Group>
        <FileButton
          onChange={(file) => void choose(file)}
          accept=".xml,application/xml,text/xml"
          resetRef={resetRef}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconUpload size={16} aria-hidden />}
              loading={post.isPending}
            >
              {t('submissionsView.responses.add')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {t('submissionsView.responses.addHint')}
        </Text>
      </Group>
      {post.isError ? (
        <Alert color="red" role="alert" title={t('submissionsView.responses.addFailed')}>
          {apiErrorMessage(post.error, t)}
        </Alert>
      ) : answer ? (
        <Alert
          color={answer.matched ? 'green' : 'orange'}
          role="status"
          title={t(
            answer.matched
              ? 'submissionsView.responses.addedMatched'
              : 'submissionsView.responses.addedFlagged',
          )}
        >
          {answer.matched
            ? t('submissionsView.responses.addedMatchedLead', { count: answer.results.length })
            : answer.problem}
        </Alert>
      ) : null}
    </Stack>
  );
}
