import { Alert, Button, FileInput, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { FormView } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportZip } from '../api/form-zip.ts';
import { zipRefusal } from './zip-errors.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The forms the zip may go into (one: no choice asked). */
  views: FormView[];
  onImported: (view: FormView) => void;
}

/**
 * Import a form's zip (exported from Vigilo) into a form: it replaces that form's draft and
 * fields; reporters see it once published. A refused zip says why in words.
 */
export function ImportZipDialog({ opened, onClose, views, onImported }: Props) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string | null>(views.length === 1 ? (views[0]?.id ?? null) : null);
  const [file, setFile] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  const importZip = useImportZip();
  const chosen = views.find((v) => v.id === target);
  const close = () => {
    importZip.reset();
    setFile(null);
    setTried(false);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('forms.zip.importTitle')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('forms.zip.importLead')}</Text>
        {views.length > 1 ? (
          <Select
            id="import-target"
            label={t('forms.zip.target')}
            data={views.map((v) => ({ value: v.id, label: v.name }))}
            value={target}
            onChange={setTarget}
            error={tried && !target ? t('forms.zip.chooseTarget') : undefined}
          />
        ) : null}
        <FileInput
          id="import-file"
          label={t('forms.zip.file')}
          description={t('forms.zip.fileHint')}
          accept=".zip,application/zip"
          value={file}
          onChange={(f) => {
            importZip.reset();
            setFile(f);
          }}
          clearable
          error={tried && !file ? t('forms.zip.chooseFile') : undefined}
        />
        {chosen ? <Text size="sm">{t('forms.zip.replaces', { name: chosen.name })}</Text> : null}
        {importZip.isError ? (
          <Alert color="red" title={t('forms.zip.refused')} role="alert" data-testid="zip-refused">
            {zipRefusal(importZip.error, t)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('forms.publish.cancel')}
          </Button>
          <Button
            loading={importZip.isPending}
            onClick={() => {
              setTried(true);
              if (!file || !target) return;
              importZip.mutate(
                { id: target, file },
                {
                  onSuccess: (view) => {
                    onImported(view);
                    close();
                  },
                },
              );
            }}
          >
            {t('forms.zip.import')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
