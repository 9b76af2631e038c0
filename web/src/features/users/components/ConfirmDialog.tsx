import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** When set, the user must type this text before confirming (GOV.UK-style typed confirmation). */
  typed?: { label: string; expected: string; mismatch: string };
}

/** A confirmation dialog; with `typed`, confirming needs the exact text typed first. */
export function ConfirmDialog({
  opened,
  title,
  body,
  confirmLabel,
  danger,
  pending,
  onConfirm,
  onClose,
  typed,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (typed && text.trim() !== typed.expected) {
      setError(typed.mismatch);
      return;
    }
    setError(null);
    onConfirm();
  }

  return (
    <Modal
      opened={opened}
      onClose={() => {
        setText('');
        setError(null);
        onClose();
      }}
      title={title}
      centered
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text>{body}</Text>
          {typed ? (
            <TextInput
              id="confirm-typed"
              label={typed.label}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={error}
              autoComplete="off"
              data-autofocus
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('users.detail.cancel')}
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
