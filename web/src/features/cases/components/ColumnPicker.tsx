import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type InboxColumn, inboxColumns } from '../columns.ts';

/** "Columns": a checkbox per optional column of the inbox, kept per user (decision 0135). */
export function ColumnPicker({
  columns,
  onChange,
}: {
  columns: readonly InboxColumn[];
  onChange: (next: InboxColumn[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={18} aria-hidden />}>
          {t('casesView.columnsPicker.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group
          label={t('casesView.columnsPicker.label')}
          value={[...columns]}
          onChange={(next) => onChange(next as InboxColumn[])}
        >
          <Stack gap="xs" mt="xs">
            {inboxColumns.map((column) => (
              <Checkbox key={column} value={column} label={t(`casesView.inbox.columns.${column}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
