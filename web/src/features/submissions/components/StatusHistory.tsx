import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useStatusHistory } from '../api/get-status-history.ts';
import { StatusBadge } from './StatusBadge.tsx';

/**
 * Every receiver status the report took, oldest first: when, where from, by whom, why (Vigilo's
 * own reasons from their code in the reader's language, decision 0312; `profile` names the rules).
 */
export function StatusHistory({ id, profile }: { id: string; profile: string }) {
  const { t, i18n } = useTranslation();
  const history = useStatusHistory(id);
  if (history.isPending) return <Loading />;
  if (history.isError)
    return (
      <LoadError
        title={t('submissionsView.detail.historyFailed')}
        error={history.error}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  if (history.data.length === 0) return <Text>{t('submissionsView.detail.historyEmpty')}</Text>;
  return (
    <Timeline active={history.data.length - 1} bulletSize={16} lineWidth={2} role="list">
      {history.data.map((step) => (
        <Timeline.Item
          key={step.id}
          role="listitem"
          title={<StatusBadge status={step.status} />}
          data-history-step={step.status}
        >
          <Text size="sm">
            {formatDateTime(step.at, i18n.language)} · {t(`submissionsView.detail.sources.${step.source}`)}
            {step.changedByName ? ` ${t('submissionsView.detail.by', { name: step.changedByName })}` : ''}
          </Text>
          {step.reasonCode ? (
            <Text size="sm">
              {t(`submissionsView.reasons.${step.reasonCode}`, { profile: profile.toUpperCase() })}
            </Text>
          ) : step.reason ? (
            <Text size="sm">{step.reason}</Text>
          ) : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
