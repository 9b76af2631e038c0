import { Anchor, Table, Text } from '@mantine/core';
import type { SubmissionReport } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates.ts';
import { LateBadge } from './StandingText.tsx';
import { DueText, ReviewBadge, StatusBadge } from './StatusBadge.tsx';

/**
 * Submission reports as a table: the case reference opens the report (`linkTo`), the rest in
 * words. Narrow screens scroll it sideways rather than squeeze the words.
 */
export function ReportsTable({
  reports,
  label,
  linkTo,
}: {
  reports: SubmissionReport[];
  label: string;
  linkTo: (report: SubmissionReport) => string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover aria-label={label} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('submissionsView.dashboard.columns.case')}</Table.Th>
            <Table.Th>{t('submissionsView.dashboard.columns.receiver')}</Table.Th>
            <Table.Th>{t('submissionsView.dashboard.columns.status')}</Table.Th>
            <Table.Th>{t('submissionsView.dashboard.columns.due')}</Table.Th>
            <Table.Th>{t('submissionsView.dashboard.columns.review')}</Table.Th>
            <Table.Th>{t('submissionsView.dashboard.columns.sent')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reports.map((report) => (
            <Table.Tr key={report.id} data-submission-row>
              <Table.Td>
                <Anchor component={Link} to={linkTo(report)} fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {report.caseReference}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {report.messageId}
                </Text>
              </Table.Td>
              <Table.Td>{report.receiverName}</Table.Td>
              <Table.Td>
                <StatusBadge status={report.status} />
              </Table.Td>
              <Table.Td>
                <DueText report={report} />
              </Table.Td>
              <Table.Td>
                <ReviewBadge status={report.reviewStatus} />
              </Table.Td>
              <Table.Td>
                {report.sentAt
                  ? formatDateTime(report.sentAt, i18n.language)
                  : t('submissionsView.dashboard.notSentYet')}
                <LateBadge lateByDays={report.lateByDays} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
