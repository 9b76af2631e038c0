import { Badge } from '@mantine/core';
import type { SubmissionReport } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates.ts';

const statusColours: Record<SubmissionReport['status'], string> = {
  NOT_SENT: 'gray',
  SENT: 'blue',
  IN_REVIEW: 'violet',
  ACCEPTED: 'green',
  REJECTED: 'red',
  FAILED: 'red',
};

/** The receiver status in words, coloured; the words carry the meaning, the colour only helps. */
export function StatusBadge({ status }: { status: SubmissionReport['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColours[status]} variant="light" style={{ textTransform: 'none' }}>
      {t(`submissionsView.status.${status}`)}
    </Badge>
  );
}

const reviewColours: Record<SubmissionReport['reviewStatus'], string> = {
  PENDING: 'gray',
  APPROVED: 'green',
  REJECTED: 'red',
};

export function ReviewBadge({ status }: { status: SubmissionReport['reviewStatus'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={reviewColours[status]} variant="outline" style={{ textTransform: 'none' }}>
      {t(`submissionsView.review.${status}`)}
    </Badge>
  );
}

/** The deadline: overdue and due soon in words (and colour), else the date. */
export function DueText({ report }: { report: Pick<SubmissionReport, 'dueDate' | 'overdue' | 'dueSoon'> }) {
  const { t, i18n } = useTranslation();
  const date = formatDay(report.dueDate, i18n.language);
  if (report.overdue)
    return (
      <Badge color="red" variant="filled" style={{ textTransform: 'none' }}>
        {t('submissionsView.due.overdue', { date })}
      </Badge>
    );
  if (report.dueSoon)
    return (
      <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
        {t('submissionsView.due.soon', { date })}
      </Badge>
    );
  return <>{t('submissionsView.due.on', { date })}</>;
}
