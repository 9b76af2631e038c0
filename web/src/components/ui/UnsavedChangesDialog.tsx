import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Leave without saving?", shown by UnsavedChangesGuard while a move waits for the answer. */
export function UnsavedChangesDialog({
  lead,
  onStay,
  onLeave,
}: {
  lead: string;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onStay} title={t('unsavedChanges.title')}>
      <Text mb="md">{lead}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onStay}>
          {t('unsavedChanges.stay')}
        </Button>
        <Button color="red" onClick={onLeave}>
          {t('unsavedChanges.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
