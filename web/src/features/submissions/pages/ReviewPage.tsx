import { Anchor, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSubmissionReport } from '../api/get-submission-report.ts';
import { ReportSections, Section } from '../components/ReportSections.tsx';
import { ReviewedCase } from '../components/ReviewedCase.tsx';
import { ReviewForm } from '../components/ReviewForm.tsx';
import { SignatureRecord } from '../components/SignatureRecord.tsx';
import { useSubmissionsTexts } from '../texts/use-submissions-texts.ts';

/**
 * /submissions/review/{id}: an assessor reads the case as the case view shows it (as it goes to
 * the receiver), the message and the receiver's answer, then
 * approves or rejects it with a comment as an electronic signature; once signed, the
 * signature record (name, UTC time, meaning) is shown.
 */
export function ReviewPage() {
  useSubmissionsTexts();
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const report = useSubmissionReport(id);
  const [signed, setSigned] = useState(false);
  const [hasErrors, setHasErrors] = useState(false);
  const signedRef = useRef<HTMLParagraphElement>(null);
  // The form is replaced by the signature: focus its announcement, not the page's top.
  useEffect(() => {
    if (signed) signedRef.current?.focus();
  }, [signed]);
  const title = report.data
    ? t('submissionsView.sign.title', {
        reference: report.data.caseReference,
        receiver: report.data.receiverName,
      })
    : t('submissionsView.detail.titleFallback');
  useDocumentTitle(title, hasErrors && !signed);
  return (
    <>
      <Anchor
        component={Link}
        to="/submissions/review"
        size="sm"
        mb="sm"
        display="inline-flex"
        style={{ gap: 4 }}
      >
        <IconArrowLeft size={16} aria-hidden /> {t('submissionsView.queue.title')}
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
          <ReportSections
            report={report.data}
            afterFacts={<ReviewedCase id={report.data.id} masked={report.data.masked} />}
          />
          <Section id="review-sign" title={t('submissionsView.sign.section')}>
            {signed ? (
              <Text ref={signedRef} tabIndex={-1} role="status" fw={600} c="teal.9">
                {t('submissionsView.sign.signed')}
              </Text>
            ) : null}
            {report.data.signature ? <SignatureRecord report={report.data} /> : null}
            {signed ? null : (
              <ReviewForm
                report={report.data}
                onSigned={() => setSigned(true)}
                onErrorsChange={setHasErrors}
              />
            )}
          </Section>
        </Stack>
      )}
    </>
  );
}
