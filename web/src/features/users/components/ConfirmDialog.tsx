import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  /** Called with the reason given (empty when none is asked). */
  onConfirm: (reason: string) => void;
  onClose: () => void;
  /** When set, the user must type this text before confirming (GOV.UK-style typed confirmation). */
  typed?: { label: string; expected: string; mismatch: string };
  /** When set, the user must say why; the reason is kept in the audit log (decision 0053). */
  reason?: { label: string; missing: string };
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
  reason,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [why, setWhy] = useState('');
  const [whyError, setWhyError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missingReason = reason !== undefined && why.trim() === '';
    const mismatch = typed !== undefined && text.trim() !== typed.expected;
    setWhyError(missingReason ? reason.missing : null);
    setError(mismatch ? typed.mismatch : null);
    if (missingReason || mismatch) return;
    onConfirm(why.trim());
  }

  return (
    <Modal
      opened={opened}
      onClose={() => {
        setText('');
        setError(null);
        setWhy('');
        setWhyError(null);
        onClose();
      }}
      title={title}
      centered
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text>{body}</Text>
          {reason ? (
            <Textarea
              id="confirm-reason"
              label={reason.label}
              value={why}
              onChange={(e) => setWhy(e.currentTarget.value)}
              error={whyError}
              maxLength={1000}
              minRows={2}
              data-autofocus={typed ? undefined : true}
            />
          ) : null}
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
