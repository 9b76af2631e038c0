import { Button, Group, Modal, Text } from '@mantine/core';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  pending: boolean;
  /** The server's refusal, in words, shown above the buttons. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** A destructive action asked once more, with the consequence spelled out; Cancel is focused first. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Text mb="md">{props.body}</Text>
      {props.error ? (
        <Text c="red" role="alert" mb="md">
          {props.error}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose} data-autofocus>
          {props.cancelLabel}
        </Button>
        <Button color="red" onClick={props.onConfirm} loading={props.pending}>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
