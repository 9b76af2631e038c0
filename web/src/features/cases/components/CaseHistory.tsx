import { Loader, Text, Timeline } from '@mantine/core';
import type { CaseAuditEntry } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useCaseAudit } from '../api/cases.ts';
import { useCaseDocumentTexts } from '../case-document/texts/use-case-document-texts.ts';
import { useCaseWords } from '../case-document/words.ts';
import { Section } from './CaseSection.tsx';

const SAID_BY_ACTION = new Set(['renamed', 'name_removed', 'deleted', 'restored', 'case_id_assigned']);

/**
 * One history line in the reader's language (decision 0312), from the entry's action, changes
 * and reason code: the server's `summary` and its own reasons are English sentences.
 */
function useEntryWords() {
  useCaseDocumentTexts();
  const { t, label } = useCaseWords();
  const status = (value: unknown) =>
    typeof value === 'string'
      ? t(`casesView.status.${value}`, { defaultValue: value })
      : t('casesView.history.nothing');
  // Case fields (status, name, assignee) by the history's words; a case-document place by its label.
  const field = (path: string) => t(`casesView.history.fields.${path}`, { defaultValue: label(path) });
  const title = (entry: CaseAuditEntry) => {
    const action = entry.action.replace(/^report\./, '');
    const words = t(`casesView.history.actions.${action}`, {
      defaultValue: t('casesView.history.actions.other'),
    });
    const moved = entry.changes.find((c) => c.field === 'status');
    if (moved)
      return t('casesView.history.withStatus', {
        title: words,
        from: status(moved.old),
        to: status(moved.new),
      });
    // The version number says nothing the action does not ("New version saved"), nor do the
    // fields of an action that names its one change ("Name changed").
    const listed = SAID_BY_ACTION.has(action) ? [] : entry.changes.filter((c) => c.field !== 'reportVersion');
    if (listed.length === 0) return words;
    return t('casesView.history.withFields', {
      title: words,
      fields: listed.map((c) => field(c.field)).join(', '),
    });
  };
  const reason = (entry: CaseAuditEntry) =>
    entry.reasonCode === 'receiver_rejected'
      ? entry.acknowledgementCode
        ? t('casesView.history.reasons.receiver_rejected', { code: entry.acknowledgementCode })
        : t('casesView.history.reasons.receiver_rejected_noCode')
      : entry.reasonCode
        ? t(`casesView.history.reasons.${entry.reasonCode}`)
        : entry.reason;
  return { title, reason };
}

/** The History tab: every recorded change of the case, with who, when and why. */
export function CaseHistory({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const audit = useCaseAudit(id);
  const words = useEntryWords();
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
          {audit.data.map((entry) => {
            const reason = words.reason(entry);
            return (
              <Timeline.Item key={entry.id} title={words.title(entry)}>
                <Text size="sm" c="dimmed">
                  {formatDateTime(entry.at, i18n.language)}{' '}
                  {entry.actor
                    ? t('casesView.case.by', { name: entry.actor.name })
                    : t('casesView.case.system')}
                </Text>
                {reason ? <Text size="sm">{t('casesView.case.because', { reason })}</Text> : null}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Section>
  );
}
