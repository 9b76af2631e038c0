import { Button, Group, Paper, ScrollArea, Text, Title } from '@mantine/core';
import type { FormVersionDefinition } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Answers, FormRenderer } from '../../../components/form-renderer/index.ts';

/**
 * The live preview: the draft as the reporter will see it, drawn by the public form's own
 * renderer (web/src/components/form-renderer), never a copy of it. Answers typed here stay
 * here: they try the conditions out and are never sent.
 */
export function FormPreview({
  definition,
  language,
}: {
  definition: FormVersionDefinition;
  language: string;
}) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<Answers>({});
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="preview-title" data-testid="form-preview">
      <Group justify="space-between" align="start" mb="xs">
        <Title order={2} size="h4" id="preview-title">
          {t('forms.preview.title')}
        </Title>
        <Button variant="subtle" size="compact-sm" onClick={() => setAnswers({})}>
          {t('forms.preview.clear')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('forms.preview.lead')}
      </Text>
      <ScrollArea.Autosize mah="calc(100vh - 220px)" type="auto" offsetScrollbars>
        <Text fw={700} size="lg" mb="md">
          {definition.layout.title[language] ?? Object.values(definition.layout.title)[0] ?? ''}
        </Text>
        <FormRenderer
          definition={definition}
          answers={answers}
          onChange={setAnswers}
          language={language}
          idPrefix="preview"
          headings={3}
        />
      </ScrollArea.Autosize>
    </Paper>
  );
}
