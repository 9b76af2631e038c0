import { Badge, type BadgeProps } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import type { SubmissionReport } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates.ts';

/** A badge that wraps its words instead of cutting them ("Overdue since 29 Jun 2022" in a narrow column). */
const wrapping: BadgeProps['styles'] = {
  root: { textTransform: 'none', height: 'auto', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible' },
};

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
    <Badge color={statusColours[status]} variant="light" styles={wrapping}>
      {t(`submissionsView.status.${status}`)}
    </Badge>
  );
}

const reviewColours: Record<SubmissionReport['reviewStatus'], string> = {
  PENDING: 'gray',
  APPROVED: 'green',
  REJECTED: 'red',
};

/** The review status, marked with a pen so it is not read as the receiver's status beside it. */
export function ReviewBadge({ status }: { status: SubmissionReport['reviewStatus'] }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={reviewColours[status]}
      variant="light"
      styles={wrapping}
      leftSection={<IconSignature size={14} aria-hidden />}
    >
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
      <Badge color="red" variant="filled" styles={wrapping}>
        {t('submissionsView.due.overdue', { date })}
      </Badge>
    );
  if (report.dueSoon)
    return (
      <Badge color="orange" variant="light" styles={wrapping}>
        {t('submissionsView.due.soon', { date })}
      </Badge>
    );
  return <>{t('submissionsView.due.on', { date })}</>;
}
