import { Alert, Button, Group, Modal, Progress, Radio, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import type { InboxSearch } from '../api/cases.ts';
import { downloadExport, type ExportFormat, useExportProgress, useStartExport } from '../api/exports.ts';
import { saveFile } from '../save-file.ts';

interface ExportDialogProps {
  opened: boolean;
  onClose: () => void;
  search: InboxSearch;
  /** The chosen cases; the whole search when empty. */
  ids: readonly string[];
  /** How many cases the search finds (shown when the whole search is exported). */
  total: number;
}

/**
 * The export dialog (issue 12): CSV or XLSX, then a progress bar that follows the background
 * export (GET /v1/exports/{id}), then a download of the finished file through the client
 * (decision 0136). Closing it while the export runs leaves the export to finish on the server.
 */
export function ExportDialog({ opened, onClose, search, ids, total }: ExportDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [exportId, setExportId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const start = useStartExport();
  const progress = useExportProgress(exportId);
  const record = progress.data ?? start.data;
  const close = () => {
    setExportId(null);
    setSaveError(null);
    start.reset();
    onClose();
  };
  const download = async () => {
    if (!record?.fileName) return;
    setSaving(true);
    setSaveError(null);
    try {
      saveFile(await downloadExport(api, record.id), record.fileName);
    } catch (error) {
      setSaveError(error);
    } finally {
      setSaving(false);
    }
  };
  const what = ids.length
    ? t('casesView.export.selected', { count: ids.length })
    : t('casesView.export.search', { count: total });
  const value = record?.progress ?? 0;

  return (
    <Modal opened={opened} onClose={close} title={t('casesView.export.title')}>
      <Stack gap="md">
        <Text>{what}</Text>
        {exportId === null ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              start.mutate({ format, search, ids }, { onSuccess: (made) => setExportId(made.id) });
            }}
          >
            <Stack gap="md">
              <Radio.Group
                label={t('casesView.export.format')}
                value={format}
                onChange={(next) => setFormat(next as ExportFormat)}
              >
                <Stack gap="xs" mt="xs">
                  <Radio value="xlsx" label={t('casesView.export.xlsx')} />
                  <Radio value="csv" label={t('casesView.export.csv')} />
                </Stack>
              </Radio.Group>
              {start.isError ? (
                <Alert color="red" title={t('casesView.export.failed')}>
                  {apiErrorMessage(start.error, t)}
                </Alert>
              ) : null}
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {t('casesView.case.cancel')}
                </Button>
                <Button type="submit" loading={start.isPending}>
                  {t('casesView.export.start')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack gap="sm">
            <Progress
              value={value}
              size="lg"
              aria-label={t('casesView.export.progress')}
              animated={record?.status !== 'done' && record?.status !== 'failed'}
            />
            <Text role="status" data-testid="export-status">
              {record?.status === 'done'
                ? t('casesView.export.done', { name: record.fileName })
                : record?.status === 'failed'
                  ? t('casesView.export.jobFailed')
                  : t('casesView.export.running', { percent: value })}
            </Text>
            {record?.status === 'done' && record.truncated ? (
              <Alert color="yellow" title={t('casesView.export.truncatedTitle')}>
                {t('casesView.export.truncated', { count: record.rowCount ?? 0 })}
              </Alert>
            ) : null}
            {progress.isError ? (
              <Alert color="red" title={t('casesView.export.failed')}>
                {apiErrorMessage(progress.error, t)}
              </Alert>
            ) : null}
            {saveError ? (
              <Alert color="red" title={t('casesView.export.downloadFailed')}>
                {apiErrorMessage(saveError, t)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('casesView.export.close')}
              </Button>
              {record?.status === 'done' ? (
                <Button
                  leftSection={<IconDownload size={18} aria-hidden />}
                  onClick={() => void download()}
                  loading={saving}
                >
                  {t('casesView.export.download')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
