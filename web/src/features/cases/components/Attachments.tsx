import { Alert, Anchor, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEye, IconEyeOff } from '@tabler/icons-react';
import type { FileRecord, ReportCase } from '@vigilo/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSigned, useCaseAttachments } from '../api/attachments.ts';

/** 1536 → "1.5 KB", in the interface language's number format. */
export function fileSize(bytes: number | null, language: string): string {
  if (bytes === null) return '—';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

const isImage = (type: string) => /^image\/(png|jpeg|gif|webp)$/.test(type);
const isPdf = (type: string) => type === 'application/pdf';

/**
 * A PDF shown from its bytes: read through the signed link, then framed as a `blob:` address
 * typed `application/pdf` (the link itself answers as a download, decision 0071; the CSP
 * allows blob: frames for this, decision 0137).
 */
function PdfPreview({ file }: { file: FileRecord }) {
  const { t } = useTranslation();
  const [address, setAddress] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    fetchSigned(file.downloadUrl!)
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setAddress(url);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.downloadUrl]);
  if (failed) return <Text c="red">{t('casesView.attachments.previewFailed')}</Text>;
  if (!address) return <Text role="status">{t('common.loading')}</Text>;
  return (
    <iframe
      src={address}
      title={t('casesView.attachments.previewOf', { name: file.name })}
      style={{ width: '100%', height: '32rem', border: '1px solid var(--mantine-color-default-border)' }}
    />
  );
}

function Preview({ file }: { file: FileRecord }) {
  const { t } = useTranslation();
  if (!file.downloadUrl) return null;
  if (isImage(file.contentType))
    return (
      <Image
        src={file.downloadUrl}
        alt={t('casesView.attachments.previewOf', { name: file.name })}
        fit="contain"
        mah="32rem"
        w="auto"
        maw="100%"
      />
    );
  if (isPdf(file.contentType))
    // Browsers without a PDF viewer (Chrome on Android, for one) say so (navigator.pdfViewerEnabled).
    return navigator.pdfViewerEnabled === false ? (
      <Text>{t('casesView.attachments.noPdfViewer')}</Text>
    ) : (
      <PdfPreview file={file} />
    );
  return null;
}

/** One attachment: name, type, size, the reporter's comment, preview and download. */
function AttachmentItem({ file, comment }: { file: FileRecord; comment: string | null }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const previewable = Boolean(file.downloadUrl) && (isImage(file.contentType) || isPdf(file.contentType));
  return (
    <Paper withBorder p="sm" component="li" data-testid="case-attachment">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Text fw={600}>{file.name}</Text>
          <Text size="sm" c="dimmed">
            {t('casesView.attachments.typeAndSize', {
              type: file.contentType,
              size: fileSize(file.size, i18n.language),
            })}
          </Text>
          {comment ? <Text size="sm">{comment}</Text> : null}
        </div>
        <Group gap="xs">
          {previewable ? (
            <Button
              variant="light"
              size="compact-md"
              leftSection={open ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
              aria-expanded={open}
              aria-label={t(open ? 'casesView.attachments.hide' : 'casesView.attachments.preview', {
                name: file.name,
              })}
              onClick={() => setOpen(!open)}
            >
              {t(open ? 'casesView.attachments.hideShort' : 'casesView.attachments.previewShort')}
            </Button>
          ) : null}
          {file.downloadUrl ? (
            <Button
              component="a"
              href={file.downloadUrl}
              variant="default"
              size="compact-md"
              leftSection={<IconDownload size={16} aria-hidden />}
              aria-label={t('casesView.attachments.download', { name: file.name })}
            >
              {t('casesView.attachments.downloadShort')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {open ? (
        <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
          <Preview file={file} />
        </div>
      ) : previewable ? null : (
        <Text size="sm" c="dimmed" mt="xs">
          {t('casesView.attachments.noPreview')}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The case's attachments (issue 12): the files linked to the report, each with name, type and
 * size, a preview for pictures and PDF documents, and a download through its short-lived
 * signed link (decision 0137). The links are read again every four minutes (they last five).
 */
export function Attachments({ found }: { found: ReportCase }) {
  const { t } = useTranslation();
  const withFiles = found.attachmentFields.some((a) => a.hasFile || a.attachmenturl);
  const files = useCaseAttachments(found.organisationId, found.id, withFiles);
  const commentOf = (file: FileRecord) =>
    found.attachmentFields.find((a) => a.attachmenturl === file.url)?.attachmentcomments ?? null;
  return (
    <Paper withBorder p="md" component="section" aria-label={t('casesView.attachments.title')}>
      <Title order={2} size="h4" mb="sm">
        {t('casesView.attachments.title')}
      </Title>
      {!withFiles || (files.isSuccess && files.data.length === 0) ? (
        <Text>{t('casesView.attachments.none')}</Text>
      ) : files.isError ? (
        <Alert color="red" title={t('casesView.attachments.loadFailed')}>
          <Anchor component="button" type="button" onClick={() => void files.refetch()}>
            {t('casesView.attachments.retry')}
          </Anchor>
        </Alert>
      ) : files.isPending ? (
        <Text role="status">{t('common.loading')}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {files.data.map((file) => (
            <AttachmentItem key={file.id} file={file} comment={commentOf(file)} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
