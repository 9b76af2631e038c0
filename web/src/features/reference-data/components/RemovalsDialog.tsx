import { Button, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import type { DrugListPreview } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The upload's preview, while its removals wait for an answer (null: closed). */
  preview: DrugListPreview | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Before an upload takes products out of the list (decision 0291): which ones, by code and
 * name, what else it changes, and a choice between keeping the list and uploading.
 */
export function RemovalsDialog({ preview, onCancel, onConfirm }: Props) {
  const { t } = useTranslation();
  const hidden = preview ? preview.removed - preview.removedProducts.length : 0;
  return (
    <Modal
      opened={preview !== null}
      onClose={onCancel}
      title={t('refdata.drugs.removals.title', { count: preview?.removed ?? 0 })}
      size="lg"
    >
      {preview ? (
        <Stack gap="sm">
          <Text size="sm">
            {t('refdata.drugs.removals.lead', {
              count: preview.products,
              added: preview.added,
              updated: preview.updated,
              unchanged: preview.unchanged,
            })}
          </Text>
          <Text size="sm" fw={600} id="drug-removals-title">
            {t('refdata.drugs.removals.listTitle', { count: preview.removed })}
          </Text>
          <ScrollArea.Autosize
            mah={280}
            type="auto"
            viewportProps={{ tabIndex: 0, 'aria-labelledby': 'drug-removals-title' }}
          >
            <List size="sm" spacing={2} data-testid="drug-removals" aria-labelledby="drug-removals-title">
              {preview.removedProducts.map((p) => (
                <List.Item key={p.id}>
                  {t('refdata.drugs.removals.item', { code: p.code, name: p.name })}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          {hidden > 0 ? <Text size="sm">{t('refdata.drugs.removals.more', { count: hidden })}</Text> : null}
          <Text size="sm">{t('refdata.drugs.removals.after')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('refdata.drugs.removals.cancel')}
            </Button>
            <Button color="red" onClick={onConfirm}>
              {t('refdata.drugs.removals.confirm', { count: preview.removed })}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
