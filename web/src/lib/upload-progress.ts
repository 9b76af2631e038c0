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
