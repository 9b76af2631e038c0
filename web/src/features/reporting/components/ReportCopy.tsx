import { Alert, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReportingForm } from '../api/get-reporting-form.ts';
import { CheckAnswers } from './CheckAnswers.tsx';
import { journeySteps } from './journey-state.ts';
import type { SentReceipt } from './sent-receipt.ts';

/**
 * The answers of a sent report as "check your answers" showed them, without Change links: the
 * confirmation's copy to print, and a report read back from My reports.
 */
export function ReportCopy({
  receipt,
  testId = 'report-copy',
}: {
  receipt: Pick<SentReceipt, 'formViewId' | 'answers' | 'files'>;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const form = useReportingForm(receipt.formViewId);
  const definition = form.data?.published?.definition;
  if (form.isPending) return <Loader aria-label={t('reporting.loading')} />;
  if (!definition) return <Alert color="gray">{t('reporting.sent.noCopy')}</Alert>;
  const language = definition.layout.languages.includes(i18n.language)
    ? i18n.language
    : (definition.layout.languages[0] ?? 'en');
  return (
    <div data-testid={testId}>
      <CheckAnswers
        definition={definition}
        answers={receipt.answers}
        language={language}
        steps={journeySteps(definition, receipt.answers)}
      />
      {receipt.files.length > 0 ? (
        <Text mt="md">
          {t('reporting.sent.files', { count: receipt.files.length, names: receipt.files.join(', ') })}
        </Text>
      ) : null}
    </div>
  );
}
