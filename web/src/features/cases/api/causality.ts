import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { CausalityAssessmentBody } from '@vigilo/contract';
import { useApi } from '../../../lib/api-context.tsx';

/** The case's causality assessments (decision 0270); a prefix of the case's own keys. */
const causalityKey = (id: string) => ['cases', 'causality', id] as const;

/** GET /v1/reports/{id}/causality: every assessment of the case, oldest first, withdrawn ones too. */
export function useCausality(reportId: string) {
  const api = useApi();
  return useQuery({
    queryKey: causalityKey(reportId),
    queryFn: () => call(api, 'GET', '/v1/reports/{id}/causality', { path: { id: reportId } }),
  });
}

/** What an assessment changes: the case (a new version), its history, versions and assessments. */
function useRefresh(reportId: string) {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ['cases', 'one', reportId] }),
      client.invalidateQueries({ queryKey: causalityKey(reportId) }),
    ]);
    void client.invalidateQueries({ queryKey: ['cases', 'audit', reportId] });
    void client.invalidateQueries({ queryKey: ['cases', 'compare', reportId] });
  };
}

/**
 * POST /v1/reports/{id}/causality with an Idempotency-Key kept for one form's attempts: a
 * retry after a lost answer records the assessment once. The server scores Naranjo itself.
 */
export function useRecordCausality(reportId: string) {
  const api = useApi();
  const refresh = useRefresh(reportId);
  return useMutation({
    mutationFn: ({ body, key }: { body: CausalityAssessmentBody; key: string }) =>
      call(api, 'POST', '/v1/reports/{id}/causality', {
        path: { id: reportId },
        body,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: refresh,
  });
}

/** POST /v1/reports/{id}/causality/{assessmentId}/withdraw: its entry leaves the case, saying why. */
export function useWithdrawCausality(reportId: string) {
  const api = useApi();
  const refresh = useRefresh(reportId);
  return useMutation({
    mutationFn: ({ assessmentId, reason }: { assessmentId: string; reason: string }) =>
      call(api, 'POST', '/v1/reports/{id}/causality/{assessmentId}/withdraw', {
        path: { id: reportId, assessmentId },
        body: { reason },
      }),
    onSuccess: refresh,
  });
}
