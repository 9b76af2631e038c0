import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronLeft,
  IconChevronRight,
  IconGripVertical,
  IconX,
} from '@tabler/icons-react';
import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Item,
  indent,
  moveDown,
  moveNextTo,
  moveUp,
  outdent,
  type Row,
  removeItem,
  toRows,
} from './arrangement-tree.ts';

type Action = 'up' | 'down' | 'indent' | 'outdent';

interface Props {
  items: Item[];
  /** The visible words of an entry ("PO — Oral"). */
  labelOf: (entryId: string) => string;
  onChange: (items: Item[]) => void;
}

const moves: Record<Action, (items: readonly Item[], id: string) => Item[]> = {
  up: moveUp,
  down: moveDown,
  indent,
  outdent,
};

const possible = (row: Row, action: Action) =>
  action === 'up' || action === 'indent'
    ? row.index > 0
    : action === 'down'
      ? row.index < row.siblings - 1
      : row.parentEntryId !== null;

/**
 * The arrangement as an indented list. Each row can be dragged by its handle and dropped
 * before or after another row (its sub-items travel with it), and has buttons that do the
 * same from the keyboard: move up, move down, indent (under the row above), outdent, remove.
 * On a focused row, Alt with the arrow keys moves it (up, down, right to indent, left to
 * outdent) and the plain arrows go to the row above or below. Every move is announced.
 */
export function ArrangementTree({ items, labelOf, onChange }: Props) {
  const { t } = useTranslation();
  const rows = toRows(items);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [target, setTarget] = useState<{ id: string; side: 'before' | 'after' } | null>(null);
  const refocus = useRef<{ id: string; action: Action | 'row' } | null>(null);
  const list = useRef<HTMLUListElement>(null);

  // A moved row is re-rendered elsewhere: focus returns to the button (or the row) that moved it.
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || !list.current) return;
    refocus.current = null;
    const row = list.current.querySelector<HTMLElement>(`[data-entry="${wanted.id}"]`);
    const button = row?.querySelector<HTMLButtonElement>(`[data-action="${wanted.action}"]:not(:disabled)`);
    (button ?? row?.querySelector<HTMLElement>('[data-drag-handle]'))?.focus();
  });

  const describe = (next: Item[], id: string) => {
    const row = toRows(next).find((r) => r.entryId === id);
    if (!row) return '';
    const place = { term: labelOf(id), position: row.index + 1, count: row.siblings };
    return row.parentEntryId
      ? t('refdata.tree.movedUnder', { ...place, parent: labelOf(row.parentEntryId) })
      : t('refdata.tree.movedTop', place);
  };

  const apply = (action: Action, id: string, focus: Action | 'row') => {
    const next = moves[action](items, id);
    refocus.current = { id, action: focus };
    onChange(next);
    setAnnouncement(describe(next, id));
  };

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, row: Row) => {
    const keys: Record<string, Action> = {
      ArrowUp: 'up',
      ArrowDown: 'down',
      ArrowRight: 'indent',
      ArrowLeft: 'outdent',
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    if (event.altKey) {
      if (possible(row, action)) apply(action, row.entryId, 'row');
      return;
    }
    const li = event.currentTarget.closest('li');
    const next =
      event.key === 'ArrowDown'
        ? li?.nextElementSibling
        : event.key === 'ArrowUp'
          ? li?.previousElementSibling
          : null;
    next?.querySelector<HTMLElement>('[data-drag-handle]')?.focus();
  };

  const onDragOver = (event: DragEvent<HTMLLIElement>, id: string) => {
    if (!dragged || dragged === id) return;
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    const side = event.clientY < box.top + box.height / 2 ? 'before' : 'after';
    if (target?.id !== id || target.side !== side) setTarget({ id, side });
  };

  const onDrop = (event: DragEvent<HTMLLIElement>, id: string) => {
    event.preventDefault();
    if (dragged && target && target.id === id) {
      const next = moveNextTo(items, dragged, id, target.side);
      onChange(next);
      setAnnouncement(describe(next, dragged));
    }
    setDragged(null);
    setTarget(null);
  };

  const button = (row: Row, action: Action, Icon: typeof IconArrowUp) => (
    <ActionIcon
      variant="subtle"
      size="lg"
      data-action={action}
      disabled={!possible(row, action)}
      aria-label={t(`refdata.tree.${action}`, { term: labelOf(row.entryId) })}
      title={t(`refdata.tree.${action}`, { term: labelOf(row.entryId) })}
      onClick={() => apply(action, row.entryId, action)}
    >
      <Icon size={18} aria-hidden />
    </ActionIcon>
  );

  return (
    <>
      <ul
        ref={list}
        aria-label={t('refdata.tree.label')}
        aria-describedby="tree-keyboard-hint"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
        data-testid="arrangement-tree"
      >
        {rows.map((row) => {
          const marker =
            target?.id === row.entryId
              ? target.side === 'before'
                ? { borderTop: '3px solid var(--mantine-primary-color-filled)' }
                : { borderBottom: '3px solid var(--mantine-primary-color-filled)' }
              : {};
          return (
            <li
              key={row.entryId}
              data-entry={row.entryId}
              data-depth={row.depth}
              onDragOver={(event) => onDragOver(event, row.entryId)}
              onDrop={(event) => onDrop(event, row.entryId)}
              style={{
                paddingInlineStart: `calc(${Math.min(row.depth, 6)} * 1.75rem)`,
                borderBottom: '1px solid var(--mantine-color-default-border)',
                opacity: dragged === row.entryId ? 0.5 : 1,
                ...marker,
              }}
            >
              <Group gap={4} wrap="wrap" justify="space-between" py={4}>
                <Group gap={4} wrap="nowrap" style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <UnstyledButton
                    draggable
                    aria-label={t('refdata.tree.row', {
                      term: labelOf(row.entryId),
                      level: row.depth + 1,
                      position: row.index + 1,
                      count: row.siblings,
                    })}
                    aria-describedby="tree-keyboard-hint"
                    onKeyDown={(event) => onHandleKey(event, row)}
                    onDragStart={(event: DragEvent<HTMLButtonElement>) => {
                      event.dataTransfer.effectAllowed = 'move';
                      event.dataTransfer.setData('text/plain', row.entryId);
                      setDragged(row.entryId);
                    }}
                    onDragEnd={() => {
                      setDragged(null);
                      setTarget(null);
                    }}
                    style={{ cursor: 'grab', display: 'flex', padding: 3, minWidth: 24, minHeight: 24 }}
                    title={t('refdata.tree.drag')}
                    data-drag-handle
                  >
                    <IconGripVertical size={18} aria-hidden />
                  </UnstyledButton>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {labelOf(row.entryId)}
                  </Text>
                </Group>
                <Group gap={0} wrap="nowrap">
                  {button(row, 'up', IconArrowUp)}
                  {button(row, 'down', IconArrowDown)}
                  {button(row, 'outdent', IconChevronLeft)}
                  {button(row, 'indent', IconChevronRight)}
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('refdata.tree.remove', { term: labelOf(row.entryId) })}
                    title={t('refdata.tree.remove', { term: labelOf(row.entryId) })}
                    onClick={() => {
                      onChange(removeItem(items, row.entryId));
                      setAnnouncement(t('refdata.tree.removed', { term: labelOf(row.entryId) }));
                    }}
                  >
                    <IconX size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </li>
          );
        })}
      </ul>
      <div
        role="status"
        aria-live="polite"
        className="visually-hidden-status"
        style={{
          position: 'absolute',
          width: 1,
          height: 1,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
        }}
        data-testid="tree-announcement"
      >
        {announcement}
      </div>
    </>
  );
}
