import { Anchor, Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconSignature } from '@tabler/icons-react';
import type { RoleName } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { sessionRoles } from '../../../lib/roles.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMe } from '../../profile/api/get-me.ts';
import { useSubmissionReport } from '../api/get-submission-report.ts';
import { DeliveryState } from '../components/DeliveryState.tsx';
import { ReportSections, Section } from '../components/ReportSections.tsx';
import { SignatureRecord } from '../components/SignatureRecord.tsx';
import { StaffActions } from '../components/StaffActions.tsx';
import { StatusHistory } from '../components/StatusHistory.tsx';
import { useSubmissionsTexts } from '../texts/use-submissions-texts.ts';

const staffRoles: readonly RoleName[] = [
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
];
const signerRoles: readonly RoleName[] = ['assessor', 'organisation_admin', 'platform_admin', 'system_admin'];

/**
 * /submissions/reports/{id}: one receiver's copy of a case — the facts, the exact message, the
 * acknowledgement with its errors in words, the history of statuses, the review's signature,
 * and staff's corrections by hand. (The failed-delivery email links here.)
 */
export function SubmissionReportPage() {
  useSubmissionsTexts();
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const report = useSubmissionReport(id);
  const me = useMe();
  const roles = me.data ? sessionRoles(me.data) : [];
  const title = report.data
    ? t('submissionsView.detail.title', {
        receiver: report.data.receiverName,
        reference: report.data.caseReference,
      })
    : t('submissionsView.detail.titleFallback');
  useDocumentTitle(title);
  return (
    <>
      <Anchor component={Link} to="/submissions" size="sm" mb="sm" display="inline-flex" style={{ gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden /> {t('submissionsView.detail.back')}
      </Anchor>
      <PageHeader title={title} />
      {report.isPending ? (
        <Loading />
      ) : report.isError ? (
        <LoadError
          title={t('submissionsView.detail.loadFailed')}
          error={report.error}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      ) : (
        <Stack gap="lg">
          <ReportSections report={report.data} />
          {roles.some((r) => staffRoles.includes(r)) ? (
            <Section id="report-delivery" title={t('submissionsView.delivery.title')}>
              <DeliveryState report={report.data} canResend />
            </Section>
          ) : null}
          <Section id="report-history" title={t('submissionsView.detail.history')}>
            <StatusHistory id={report.data.id} profile={report.data.profile} />
          </Section>
          <Section id="report-review" title={t('submissionsView.detail.signature')}>
            <SignatureRecord report={report.data} />
            {roles.some((r) => signerRoles.includes(r)) ? (
              <div>
                <Button
                  component={Link}
                  to={`/submissions/review/${report.data.id}`}
                  variant="outline"
                  leftSection={<IconSignature size={18} aria-hidden />}
                >
                  {t('submissionsView.detail.reviewLink')}
                </Button>
              </div>
            ) : null}
          </Section>
          {roles.some((r) => staffRoles.includes(r)) ? (
            <Section id="report-actions" title={t('submissionsView.actions.title')}>
              <StaffActions report={report.data} />
            </Section>
          ) : null}
        </Stack>
      )}
    </>
  );
}
