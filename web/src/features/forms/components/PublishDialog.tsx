import { Alert, Button, Group, List, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { FormVersionDefinition } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useFormVersions } from '../api/list-versions.ts';
import { usePublishVersion } from '../api/publish-version.ts';
import { describeChanges } from './change-words.ts';

interface Props {
  formViewId: string;
  opened: boolean;
  onClose: () => void;
  /** The published version's definition (null: never published). */
  published: FormVersionDefinition | null;
  publishedNumber: number | null;
  /** The saved draft, as it will be frozen. */
  draft: FormVersionDefinition;
  language: string;
  onPublished: (number: number) => void;
}

/**
 * "Publish a version": what changed since the last published version, in words (from the
 * server's own comparison of the saved draft, decision 0084), then publish.
 */
export function PublishDialog({
  formViewId,
  opened,
  onClose,
  published,
  publishedNumber,
  draft,
  language,
  onPublished,
}: Props) {
  const { t } = useTranslation();
  const versions = useFormVersions(formViewId, { enabled: opened });
  const publish = usePublishVersion(formViewId);
  const changes = versions.data
    ? describeChanges(versions.data.draftChanges, t, language, published ?? undefined, draft)
    : [];
  const nothing = published !== null && versions.data?.draftChanges.length === 0;
  return (
    <Modal
      opened={opened}
      onClose={() => {
        publish.reset();
        onClose();
      }}
      title={t('forms.publish.title')}
      size="lg"
    >
      <Stack gap="sm">
        {versions.isPending ? (
          <Skeleton height={60} aria-label={t('common.loading')} />
        ) : versions.isError ? (
          <Alert color="red">{apiErrorMessage(versions.error, t)}</Alert>
        ) : published === null ? (
          <Text>{t('forms.publish.first')}</Text>
        ) : nothing ? (
          <Text>{t('forms.publish.nothing', { number: publishedNumber })}</Text>
        ) : (
          <>
            <Text>
              {t('forms.publish.lead', { number: publishedNumber, next: (publishedNumber ?? 0) + 1 })}
            </Text>
            <List data-testid="publish-changes" spacing={4}>
              {changes.map((sentence) => (
                <List.Item key={sentence}>{sentence}</List.Item>
              ))}
            </List>
          </>
        )}
        <Text size="sm" c="dimmed">
          {t('forms.publish.note')}
        </Text>
        {publish.isError ? <Alert color="red">{apiErrorMessage(publish.error, t)}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('forms.publish.cancel')}
          </Button>
          <Button
            loading={publish.isPending}
            disabled={versions.isPending || nothing}
            onClick={() =>
              publish.mutate(undefined, {
                onSuccess: (version) => {
                  onPublished(version.number);
                  onClose();
                },
              })
            }
          >
            {t('forms.publish.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
