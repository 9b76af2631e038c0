import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Answers } from '../../../components/form-renderer/index.ts';
import { useApi } from '../../../lib/api-context.tsx';
import { readApiFailure } from '../../../lib/api-errors.ts';
import { completeDocument } from './complete-document.ts';
import type { JourneyState } from './journey-state.ts';

export interface SendTarget {
  versionId: string;
  organisation: string | null;
  state: JourneyState;
  update: (patch: Partial<JourneyState>) => void;
  files: File[];
  signedIn: boolean;
  onSent: (report: { id: string; reference: string; organisationId: string }, answers: Answers) => void;
}

/** A failure that never reached the server: no connection, or the connection cut mid-way. */
const unreachable = (error: unknown) => readApiFailure(error).status === null;

/**
 * Sending the report, once: a double click sends nothing more, and every try (Retry, or the
 * browser coming back online) sends the same body under the same Idempotency-Key, so the
 * server never makes two reports (decision 0076). With no connection the state is `offline`
 * and the report goes by itself when the browser is back online, while the page stays open
 * (decision 0277).
 */
export function useSendReport(target: SendTarget) {
  const api = useApi();
  const [progress, setProgress] = useState<number | null>(null);
  const sending = useRef(false);
  const uploaded = useRef(new Map<File, string | undefined>());
  const latest = useRef(target);
  latest.current = target;
  const mutation = useMutation({
    // Tried now, online or not: a paused send would show only a spinner (issue 25 item 8).
    networkMode: 'always',
    mutationFn: async () => {
      const t = latest.current;
      // The ids given now are kept, so a retry sends the same body under the same key.
      const report = completeDocument(t.state.answers);
      t.update({ answers: report });
      const { submitReport } = await import('../api/submit-report.ts');
      const sent = await submitReport(api, {
        formViewVersionId: t.versionId,
        ...(t.organisation ? { organisationId: t.organisation } : {}),
        report,
        files: t.files,
        idempotencyKey: t.state.idempotencyKey,
        draftId: t.state.draftId ?? null,
        signedIn: t.signedIn,
        onProgress: setProgress,
        uploaded: uploaded.current,
      });
      return { sent, report };
    },
    onSuccess: ({ sent, report }) => latest.current.onSent(sent, report),
    onSettled: () => {
      setProgress(null);
      sending.current = false;
    },
  });
  const send = () => {
    if (sending.current) return;
    sending.current = true;
    mutation.mutate();
  };
  const offline = mutation.isError && unreachable(mutation.error);
  // Back online after a failed try: the same report goes again, by itself.
  useEffect(() => {
    if (!offline) return;
    const again = () => send();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  });
  return {
    send,
    progress,
    pending: mutation.isPending,
    offline,
    /** A refusal or failure from the server (not a lost connection). */
    error: mutation.isError && !offline ? mutation.error : null,
  };
}
