import { Badge } from '@mantine/core';
import type { SubmissionReport } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';

/**
 * Why a submission report stands where it does, in the reader's language from the server's
 * code (decision 0251); the server's own sentence only where it has no code (a receiver's
 * refusal, a reason typed by staff).
 */
export function useReasonText() {
  const { t } = useTranslation();
  return (report: Pick<SubmissionReport, 'reasonCode' | 'statusReason' | 'profile' | 'rejectionComment'>) => {
    if (!report.reasonCode) return report.statusReason;
    if (report.reasonCode === 'approval_rejected' && report.rejectionComment)
      return t('submissionsView.reasons.approval_rejected_why', { comment: report.rejectionComment });
    return t(`submissionsView.reasons.${report.reasonCode}`, { profile: report.profile.toUpperCase() });
  };
}

/** "Late by N days" for a message sent after its due date (decision 0254). */
export function LateBadge({ lateByDays }: { lateByDays: number | null }) {
  const { t } = useTranslation();
  if (lateByDays === null) return null;
  return (
    <Badge color="red" variant="light" ml="xs" styles={{ root: { height: 'auto', whiteSpace: 'normal' } }}>
      {t('submissionsView.detail.lateBy', { count: lateByDays })}
    </Badge>
  );
}
