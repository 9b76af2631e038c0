import { Anchor, Code, SimpleGrid, Stack, Text } from '@mantine/core';
import type { SubmissionReport } from '@vigilo/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatDay } from '../../../lib/dates.ts';
import { LateBadge, useReasonText } from './StandingText.tsx';
import { DueText, StatusBadge } from './StatusBadge.tsx';

/** One term and its value in a facts list (`<dl>`). */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** What a submission report is: the case, where it went, under which message id, where it stands and by when. */
export function ReportFacts({ report }: { report: SubmissionReport }) {
  const { t, i18n } = useTranslation();
  const reason = useReasonText()(report);
  const yesNo = (value: boolean) =>
    value ? t('submissionsView.detail.yes') : t('submissionsView.detail.no');
  return (
    <Stack gap="sm">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm" m={0}>
        <Fact term={t('submissionsView.detail.case')}>
          <Anchor component={Link} to={`/cases/${report.reportId}`}>
            {report.caseReference}
          </Anchor>
        </Fact>
        <Fact term={t('submissionsView.detail.receiver')}>{report.receiverName}</Fact>
        <Fact term={t('submissionsView.detail.messageId')}>
          <Code>{report.messageId}</Code>
        </Fact>
        <Fact term={t('submissionsView.detail.status')}>
          <StatusBadge status={report.status} />
        </Fact>
        <Fact term={t('submissionsView.detail.dueDate')}>
          <DueText report={report} />
        </Fact>
        <Fact term={t('submissionsView.detail.dayZero')}>{formatDay(report.dayZero, i18n.language)}</Fact>
        <Fact term={t('submissionsView.detail.serious')}>{yesNo(report.serious)}</Fact>
        <Fact term={t('submissionsView.detail.profile')}>{report.profile.toUpperCase()}</Fact>
        <Fact term={t('submissionsView.detail.masked')}>{yesNo(report.masked)}</Fact>
        <Fact term={t('submissionsView.detail.sentAt')}>
          {report.sentAt
            ? formatDateTime(report.sentAt, i18n.language)
            : t('submissionsView.dashboard.notSentYet')}
          <LateBadge lateByDays={report.lateByDays} />
        </Fact>
        <Fact term={t('submissionsView.detail.attempts')}>{String(report.attempts)}</Fact>
      </SimpleGrid>
      <Stack component="dl" gap="sm" m={0}>
        {reason ? <Fact term={t('submissionsView.detail.reason')}>{reason}</Fact> : null}
        {report.lastError && report.lastError !== report.statusReason ? (
          <Fact term={t('submissionsView.detail.lastError')}>{report.lastError}</Fact>
        ) : null}
        {report.manuallyProcessedReason ? (
          <Fact term={t('submissionsView.detail.manuallyProcessed')}>{report.manuallyProcessedReason}</Fact>
        ) : null}
      </Stack>
    </Stack>
  );
}
