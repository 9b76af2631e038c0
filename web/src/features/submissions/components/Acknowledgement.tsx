import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { SubmissionReport } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates.ts';

/**
 * The receiver's acknowledgement in words: its code said plainly, when it came, and each error
 * the receiver wrote (decision 0171 splits its sentences), never the raw XML.
 */
export function Acknowledgement({ report }: { report: SubmissionReport }) {
  const { t, i18n } = useTranslation();
  if (!report.ackCode) return <Text>{t('submissionsView.detail.ackNone')}</Text>;
  const refused = report.status === 'REJECTED' || report.ackCode === 'CR' || report.ackCode === 'AR';
  const code = t(`submissionsView.detail.ackCodes.${report.ackCode}`, { defaultValue: report.ackCode });
  return (
    <Stack gap="sm">
      <Alert
        color={refused ? 'red' : 'green'}
        icon={refused ? <IconAlertTriangle aria-hidden /> : <IconCircleCheck aria-hidden />}
        title={code}
      >
        {report.acknowledgedAt
          ? t('submissionsView.detail.ackAt', { date: formatDateTime(report.acknowledgedAt, i18n.language) })
          : null}
      </Alert>
      {report.ackErrors.length > 0 ? (
        <div>
          <Text fw={600} id="ack-errors">
            {t('submissionsView.detail.ackErrors')}
          </Text>
          <List aria-labelledby="ack-errors" spacing={4} mt={4}>
            {report.ackErrors.map((error) => (
              <List.Item key={error}>{error}</List.Item>
            ))}
          </List>
        </div>
      ) : (
        <Text>{t('submissionsView.detail.ackNoErrors')}</Text>
      )}
    </Stack>
  );
}
