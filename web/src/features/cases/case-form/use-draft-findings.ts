import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { E2bValidation } from '@vigilo/contract';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context.tsx';
import { fieldErrorText, readFieldErrors } from '../../../lib/server-errors.ts';
import { dotted } from '../case-document/paths.ts';
import { type FieldFinding, isAtOrUnder } from './form-state.ts';

/** How long typing pauses before the draft is checked. */
export const FINDINGS_DEBOUNCE_MS = 700;

/**
 * The findings of the unsaved draft for the organisation's default receiver's profile (ICH
 * without one): `POST /v1/report/{id}/xml/validation` (decision 0243), the shared conformance
 * code on the message the draft would give, asked again after each pause in typing. A value
 * the case document refuses (a malformed date) answers 400 with its fields: they become
 * findings of their own field.
 */
export function useDraftFindings(reportId: string, draft: unknown) {
  const api = useApi();
  const { t } = useTranslation();
  const [checked] = useDebouncedValue(draft, FINDINGS_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['cases', 'draft-validation', reportId, checked],
    queryFn: ({ signal }) =>
      call(api, 'POST', '/v1/report/{id}/xml/validation', {
        path: { id: reportId },
        body: { report: checked as Record<string, unknown> },
        signal,
      }) as Promise<E2bValidation>,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const refused = useMemo(() => readFieldErrors(query.error), [query.error]);
  const findings = useMemo<FieldFinding[]>(() => {
    if (refused.length)
      return refused.map((e) => ({
        severity: 'error',
        message: fieldErrorText(e, t, t('caseDoc.form.thisValue')),
        path: e.field.replace(/^body\/report\//, '').replaceAll('/', '.'),
      }));
    return (query.data?.findings ?? []).map((f) => ({
      severity: f.severity,
      message: f.message,
      element: f.dataElement ?? f.rule,
      ...(f.casePath ? { path: dotted(f.casePath) } : {}),
    }));
  }, [query.data, refused, t]);
  const findingsAt = useCallback(
    (path: string) => findings.filter((f) => f.path !== undefined && isAtOrUnder(f.path, path)),
    [findings],
  );
  return {
    findings,
    findingsAt,
    profile: query.data?.profile,
    /** The answer is for an older draft than the one shown (a check is on its way). */
    checking: query.isFetching || checked !== draft,
    failed: query.isError && refused.length === 0,
    refused: refused.length > 0,
  };
}
