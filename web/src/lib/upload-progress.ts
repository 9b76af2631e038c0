import { ApiRequestError } from '@vigilo/client';
import type { ApiClient } from './api-context.tsx';

/** What came back from a POST sent with upload progress: the status and the parsed body. */
export interface ProgressAnswer {
  status: number;
  body: unknown;
}

/**
 * POSTs a multipart body with XMLHttpRequest, the one browser API that reports upload
 * progress (fetch does not), calling `onProgress` with 0..1 as bytes leave. The bearer goes
 * as any API call's (G-2); the caller handles refresh (G-5) and errors.
 */
export function postWithProgress(
  url: string,
  token: string | null,
  body: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  /** Extra headers (an `Idempotency-Key`). */
  headers: Record<string, string> = {},
): Promise<ProgressAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let parsed: unknown = xhr.responseText;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        // Not JSON: kept as text, as the client does (E-1 is for successful answers).
      }
      resolve({ status: xhr.status, body: parsed });
    };
    xhr.onerror = () => reject(new Error('Network request failed'));
    xhr.onabort = () => reject(new Error('upload abort'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

/**
 * POSTs files signed in, with upload progress: `form` makes the multipart body (again for a
 * retry). A session that expired is refreshed once and the files sent again (G-5), as the
 * client does for every call; a refusal is thrown as the client throws it. Answers the body.
 */
export async function postFilesSignedIn<T>(
  api: ApiClient,
  url: string,
  form: () => FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  const send = () => postWithProgress(url, api.session.token, form(), onProgress);
  let answer = await send();
  const code = (answer.body as { code?: unknown } | undefined)?.code;
  if (answer.status === 403 && (code === 'TOKEN_EXPIRED' || code === 'TOKEN_INVALID')) {
    await api.refresh();
    answer = await send();
  }
  if (answer.status < 200 || answer.status >= 300) throw new ApiRequestError(answer.status, answer.body);
  return answer.body as T;
}
