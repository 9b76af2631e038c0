import { ApiRequestError, call } from '@vigilo/client';
import type { ApiClient } from '../../../lib/api-context.tsx';
import { postWithProgress } from '../../../lib/upload-progress.ts';
import type { DraftTarget } from './save-draft.ts';

export interface Submission extends DraftTarget {
  report: Record<string, unknown>;
  files: File[];
  /** The same key for every try of one report: a double click or a retry never makes two. */
  idempotencyKey: string;
  /** A signed-in reporter's server draft, sent as it is now. */
  draftId: string | null;
  signedIn: boolean;
  onProgress: (fraction: number) => void;
  /**
   * Signed in, the files already uploaded by an earlier try of this report: a retry names the
   * same uploads, so its body (and Idempotency-Key) is the first try's.
   */
  uploaded?: Map<File, string | undefined>;
}

/**
 * Sends a report. Signed out: one multipart POST /v1/report/post with the files, upload
 * progress from XMLHttpRequest. Signed in: each file by upload link (U-1, the client's
 * uploadAttachments, progress per file), then POST /v1/report (or PUT on the draft).
 */
export async function submitReport(api: ApiClient, s: Submission) {
  const target = {
    formViewVersionId: s.formViewVersionId,
    ...(s.organisationId ? { organisationId: s.organisationId } : {}),
  };
  if (!s.signedIn) {
    const form = new FormData();
    const attachmentFields = s.files.map((file, i) => ({
      id: `file-${i + 1}`,
      attachmentfile: file.name,
      attachmenttype: file.type || 'application/octet-stream',
    }));
    form.append(
      'report',
      JSON.stringify({
        ...target,
        report: s.report,
        status: 'submitted',
        uploadType: 'public',
        attachmentFields,
      }),
    );
    s.files.forEach((file, i) => {
      form.append(`file-${i + 1}`, file, file.name);
    });
    const answer = await postWithProgress(api.url('/v1/report/post'), null, form, s.onProgress, undefined, {
      'Idempotency-Key': s.idempotencyKey,
    });
    if (answer.status < 200 || answer.status >= 300) throw new ApiRequestError(answer.status, answer.body);
    return answer.body as { id: string; reference: string; organisationId: string };
  }
  const attachmentFields = [];
  for (const [i, file] of s.files.entries()) {
    let url = s.uploaded?.get(file);
    if (!s.uploaded?.has(file)) {
      const [uploaded] = await api.uploadAttachments([
        {
          id: `file-${i + 1}`,
          attachmentfile: file,
          fileName: file.name,
          contentType: file.type || undefined,
        },
      ]);
      url = uploaded?.attachmenturl ?? undefined;
      s.uploaded?.set(file, url);
    }
    attachmentFields.push({
      id: `file-${i + 1}`,
      attachmentfile: file.name,
      attachmenttype: file.type || 'application/octet-stream',
      ...(url ? { attachmenturl: url } : {}),
      hasFile: true,
    });
    s.onProgress((i + 1) / s.files.length);
  }
  const body = {
    ...target,
    report: s.report,
    status: 'submitted' as const,
    uploadType: 'auth',
    attachmentFields,
  };
  if (s.draftId) return call(api, 'PUT', '/v1/report/{id}', { path: { id: s.draftId }, body });
  return call(api, 'POST', '/v1/report', { body, headers: { 'Idempotency-Key': s.idempotencyKey } });
}
