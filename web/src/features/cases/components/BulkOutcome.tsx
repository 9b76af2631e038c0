import { Alert, List, Text } from '@mantine/core';
import type { BulkCaseOutcome, BulkCaseResult } from '@vigilo/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';

/** Why one case was refused, in words: the lifecycle's answer read, else the code's sentence. */
export function refusalWords(error: NonNullable<BulkCaseOutcome['error']>, t: TFunction): string {
  const meta = error.meta as { current?: unknown; requested?: unknown; fields?: { field?: unknown }[] };
  const status = (value: unknown) =>
    t(`casesView.status.${String(value)}`, { defaultValue: String(value).replaceAll('_', ' ') });
  if (error.code === 'INVALID_TRANSITION' && typeof meta.current === 'string')
    return t('casesView.bulk.why.transition', {
      current: status(meta.current),
      requested: status(meta.requested),
    });
  if (error.code === 'FORBIDDEN') return t('casesView.bulk.why.forbidden');
  if (error.code === 'NOT_FOUND') return t('casesView.bulk.why.notFound');
  if (error.code === 'VALIDATION_FAILED' && meta.fields?.some((f) => f.field === 'body/reason'))
    return t('casesView.bulk.why.reason');
  return apiErrorMessage({ status: error.statusCode, body: error }, t);
}

/**
 * What a bulk action did (decision 0286): how many cases changed, how many were already so,
 * and each refused case by its reference with the reason in words.
 */
export function BulkOutcome({
  result,
  action,
  referenceOf,
  onClose,
}: {
  result: BulkCaseResult;
  /** `assigned` or `moved`, and the status moved to. */
  action: { kind: 'assigned' } | { kind: 'moved'; status: string };
  referenceOf: (id: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refused = result.results.filter((r) => r.outcome === 'refused');
  const statusLabel = action.kind === 'moved' ? t(`casesView.status.${action.status}`) : '';
  return (
    <Alert
      color={refused.length ? 'orange' : 'green'}
      mb="md"
      withCloseButton
      closeButtonLabel={t('casesView.bulk.dismiss')}
      onClose={onClose}
      role="status"
      data-testid="bulk-outcome"
    >
      {result.changed > 0 ? (
        <Text>
          {action.kind === 'assigned'
            ? t('casesView.bulk.assigned', { count: result.changed })
            : t('casesView.bulk.moved', { count: result.changed, status: statusLabel })}
        </Text>
      ) : null}
      {result.unchanged > 0 ? (
        <Text>
          {action.kind === 'assigned'
            ? t('casesView.bulk.alreadyAssigned', { count: result.unchanged })
            : t('casesView.bulk.alreadyMoved', { count: result.unchanged, status: statusLabel })}
        </Text>
      ) : null}
      {refused.length > 0 ? (
        <>
          <Text fw={600}>{t('casesView.bulk.refused', { count: refused.length })}</Text>
          <List size="sm" spacing={2}>
            {refused.map((r) => (
              <List.Item key={r.id}>
                {t('casesView.bulk.refusedCase', {
                  reference: r.reference ?? referenceOf(r.id),
                  why: r.error ? refusalWords(r.error, t) : '',
                })}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Alert>
  );
}
