import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Photos and documents added to the report; they go with it when it is sent. */
export function FilesStep({
  files,
  onAdd,
  onRemove,
}: {
  files: File[];
  onAdd: (picked: File[]) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text>{t('reporting.files.lead')}</Text>
      <Text size="sm" c="dimmed">
        {t('reporting.files.kept')}
      </Text>
      {files.length === 0 ? (
        <Text data-testid="no-files">{t('reporting.files.none')}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {files.map((file, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name; the list only grows or drops one
            <li key={`${file.name}-${i}`}>
              <Group justify="space-between" wrap="nowrap">
                <Text style={{ overflowWrap: 'anywhere' }}>
                  {file.name} ({Math.max(1, Math.round(file.size / 1024))} KB)
                </Text>
                <Button variant="subtle" color="red" size="compact-sm" onClick={() => onRemove(i)}>
                  {t('reporting.files.remove', { name: file.name })}
                </Button>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      <FileButton multiple accept="image/png,image/jpeg,image/heic,application/pdf" onChange={onAdd}>
        {(props) => (
          <Button variant="default" {...props}>
            {t('reporting.files.add')}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
