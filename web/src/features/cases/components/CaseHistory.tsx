import { Loader, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useCaseAudit } from '../api/cases.ts';
import { Section } from './CaseSection.tsx';

/** The History tab: every recorded change of the case, with who, when and why. */
export function CaseHistory({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const audit = useCaseAudit(id);
  return (
    <Section title={t('casesView.case.history')}>
      {audit.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : audit.isError ? (
        <LoadError
          title={t('casesView.case.historyFailed')}
          error={audit.error}
          onRetry={() => void audit.refetch()}
          retrying={audit.isFetching}
        />
      ) : audit.data.length === 0 ? (
        <Text>{t('casesView.case.historyEmpty')}</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} data-testid="case-history">
          {audit.data.map((entry) => (
            <Timeline.Item key={entry.id} title={entry.summary}>
              <Text size="sm" c="dimmed">
                {formatDateTime(entry.at, i18n.language)}{' '}
                {entry.actor
                  ? t('casesView.case.by', { name: entry.actor.name })
                  : t('casesView.case.system')}
              </Text>
              {entry.reason ? (
                <Text size="sm">{t('casesView.case.because', { reason: entry.reason })}</Text>
              ) : null}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Section>
  );
}
