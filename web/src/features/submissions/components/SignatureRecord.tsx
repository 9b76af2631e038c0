import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SubmissionReport } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { formatUtcDateTime } from '../../../lib/dates.ts';
import { ReviewBadge } from './StatusBadge.tsx';

/**
 * The review's electronic signature as 21 CFR 11.50 asks it shown: the signer's printed name,
 * the time (UTC) and the meaning, with how the signer proved who they were and their comment.
 */
export function SignatureRecord({ report }: { report: SubmissionReport }) {
  const { t, i18n } = useTranslation();
  const signature = report.signature;
  if (!signature) return <Text>{t('submissionsView.detail.notReviewed')}</Text>;
  const comment = report.reviewStatus === 'REJECTED' ? report.rejectionComment : report.approvalComment;
  return (
    <Paper withBorder p="md" data-testid="signature-record">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('submissionsView.sign.record')} <ReviewBadge status={report.reviewStatus} />
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs" m={0}>
          {[
            [t('submissionsView.sign.signer'), signature.signerName],
            [t('submissionsView.sign.signedAt'), formatUtcDateTime(signature.signedAt, i18n.language)],
            [t('submissionsView.sign.meaning'), signature.meaning],
            [t('submissionsView.sign.methodUsed'), t(`submissionsView.sign.methods.${signature.method}`)],
            ...(comment ? [[t('submissionsView.detail.comment'), comment]] : []),
          ].map(([term, value]) => (
            <div key={term}>
              <Text component="dt" size="sm" c="dimmed">
                {term}
              </Text>
              <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
