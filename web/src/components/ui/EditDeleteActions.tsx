import { ActionIcon } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/** A table row's "change" and "delete" icon buttons, each named for what it acts on. */
export function EditDeleteActions(props: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <ActionIcon variant="subtle" size="lg" aria-label={props.editLabel} onClick={props.onEdit}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={props.deleteLabel}
        onClick={props.onDelete}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </>
  );
}
