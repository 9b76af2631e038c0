import { List, Paper, Stack, Text, Title } from '@mantine/core';
import type { SubmissionReport } from '@vigilo/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Acknowledgement } from './Acknowledgement.tsx';
import { ReportFacts } from './ReportFacts.tsx';
import { SentMessage } from './SentMessage.tsx';

/** One titled block of a page, its heading naming the region for screen readers. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * What the detail and review pages both show: the facts, the findings of a message not sent,
 * the message and the answer; `afterFacts` (the review page's case) goes between facts and message.
 */
export function ReportSections({ report, afterFacts }: { report: SubmissionReport; afterFacts?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Section id="report-facts" title={t('submissionsView.detail.facts')}>
        <ReportFacts report={report} />
        {!report.valid ? (
          <Stack gap={4}>
            <Text fw={600} c="red.9">
              {t('submissionsView.detail.notValid')}
            </Text>
            <Text fw={600} id="report-findings">
              {t('submissionsView.detail.findings')}
            </Text>
            <List aria-labelledby="report-findings" spacing={4}>
              {report.findings.map((finding, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: findings have no id and never reorder.
                <List.Item key={i}>
                  {finding.dataElement ? `${finding.dataElement}: ` : ''}
                  {finding.message}
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
      </Section>
      {afterFacts}
      <Section
        id="report-message"
        title={t(report.sentAt ? 'submissionsView.detail.message' : 'submissionsView.detail.messageToSend')}
      >
        <SentMessage id={report.id} sent={report.sentAt !== null} />
      </Section>
      <Section id="report-ack" title={t('submissionsView.detail.ack')}>
        <Acknowledgement report={report} />
      </Section>
    </>
  );
}
