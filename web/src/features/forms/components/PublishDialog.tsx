import { Alert, Button, Group, List, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { FormVersionDefinition } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { supportedLanguages } from '../../../lib/i18n.ts';
import { useFormVersions } from '../api/list-versions.ts';
import { usePublishVersion } from '../api/publish-version.ts';
import { describeChanges } from './change-words.ts';
import { missingTranslations } from './draft.ts';

/**
 * What a reporter would read in another language than theirs once published (decision 0281):
 * texts of the form's languages left untranslated, and the interface's languages the form
 * does not have at all (their reporters get the form's first language).
 */
function untranslated(draft: FormVersionDefinition) {
  const { languages } = draft.layout;
  return {
    texts: languages
      .map((language) => ({ language, count: missingTranslations(draft.layout, language) }))
      .filter((m) => m.count > 0),
    absent: supportedLanguages.map((l) => l.code).filter((code) => !languages.includes(code)),
    first: languages[0] ?? 'en',
  };
}

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
  const gaps = untranslated(draft);
  const name = (code: string) => t(`forms.languages.${code}`, { defaultValue: code });
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
        {!nothing && (gaps.texts.length > 0 || gaps.absent.length > 0) ? (
          <Alert
            color="yellow"
            variant="outline"
            title={t('forms.publish.untranslatedTitle')}
            data-testid="publish-untranslated"
          >
            <List size="sm" spacing={4}>
              {gaps.texts.map((m) => (
                <List.Item key={m.language}>
                  {t('forms.publish.untranslated', {
                    count: m.count,
                    language: name(m.language),
                    first: name(gaps.first),
                  })}
                </List.Item>
              ))}
              {gaps.absent.map((code) => (
                <List.Item key={code}>
                  {t('forms.publish.absent', { language: name(code), first: name(gaps.first) })}
                </List.Item>
              ))}
            </List>
            <Text size="sm" mt="xs">
              {t('forms.publish.untranslatedHint')}
            </Text>
          </Alert>
        ) : null}
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
