import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { FormVersionDefinition } from '@vigilo/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Answers, formErrors } from '../../../components/form-renderer/index.ts';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { CheckAnswers } from './CheckAnswers.tsx';
import { START_GREEN, WARNING } from './start-green.ts';
import type { useSendReport } from './use-send-report.ts';

/**
 * The last step: what is still needed (each linked to its page), the answers with a "Change"
 * link per row, the files, then "Send report": sending, offline (sent by itself once back
 * online, or by Retry), refused.
 */
export function CheckStep({
  definition,
  answers,
  language,
  steps,
  files,
  sectionPage,
  changeTo,
  sender,
}: {
  definition: FormVersionDefinition;
  answers: Answers;
  language: string;
  steps: string[];
  files: File[];
  sectionPage: (sectionId: string | undefined) => string;
  changeTo: (sectionId: string, fieldId: string) => string;
  sender: ReturnType<typeof useSendReport>;
}) {
  const { t } = useTranslation();
  const problems = useMemo(
    () => formErrors(definition, answers, t, { language }),
    [definition, answers, t, language],
  );
  return (
    <Stack gap="xl">
      {problems.length > 0 ? (
        <Alert
          color="red"
          variant="outline"
          title={t('reporting.check.incomplete')}
          data-testid="check-problems"
        >
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {problems.map((e) => (
              <li key={e.pointer + e.message}>
                <Anchor
                  component={Link}
                  to={sectionPage(e.sectionId)}
                  fw={600}
                  underline="always"
                  c="var(--mantine-color-error)"
                >
                  {e.message}
                </Anchor>
              </li>
            ))}
          </Stack>
        </Alert>
      ) : null}
      <CheckAnswers
        definition={definition}
        answers={answers}
        language={language}
        steps={steps}
        changeTo={changeTo}
      />
      {files.length > 0 ? (
        <Text>
          {t('reporting.check.files', { count: files.length, names: files.map((f) => f.name).join(', ') })}
        </Text>
      ) : null}
      <Title order={2} size="h3">
        {t('reporting.check.sendTitle')}
      </Title>
      <Text>{t('reporting.check.sendLead')}</Text>
      {sender.offline ? (
        <Alert
          color="yellow"
          variant="outline"
          styles={WARNING}
          title={t('reporting.check.offlineTitle')}
          role="alert"
          data-testid="offline"
        >
          <Stack gap="xs">
            <Text size="sm">{t('reporting.check.offline')}</Text>
            <Group>
              <Button variant="default" size="sm" loading={sender.pending} onClick={sender.send}>
                {t('reporting.check.retry')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {sender.error ? (
        <Alert color="red" title={t('reporting.check.notSent')} role="alert">
          {apiErrorMessage(sender.error, t)}
        </Alert>
      ) : null}
      {sender.progress !== null && files.length > 0 ? (
        <Text aria-live="polite" data-testid="upload-progress">
          {t('reporting.files.progress', { percent: Math.round(sender.progress * 100) })}
        </Text>
      ) : null}
      <Group>
        <Button
          size="md"
          color={START_GREEN}
          loading={sender.pending}
          disabled={problems.length > 0}
          onClick={sender.send}
        >
          {t('reporting.check.send')}
        </Button>
      </Group>
    </Stack>
  );
}
