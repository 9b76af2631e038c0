import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  /** What deleting does, in one or two sentences. */
  body: string;
  /** Why the last try was refused, in words (null: none yet). */
  refusal: string | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Delete X?": says what happens, and why the server refused when it did; the safe button first. */
export function ConfirmDelete({ title, body, refusal, pending, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack gap="sm">
        <Text size="sm">{body}</Text>
        {refusal ? (
          <Alert color="red" role="alert" data-testid="delete-refused">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('refdata.cancel')}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {t('refdata.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
