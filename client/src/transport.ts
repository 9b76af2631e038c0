import { clientMessages, NetworkError } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | undefined | null | Array<string | number>;
export type Query = Record<string, QueryValue>;

/** One answer, read to the end while the time-out still applied. */
export interface Answer {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
  /** The bytes of a 2xx answer read as a file (`responseType: 'blob'`); `text` is then empty. */
  blob?: Blob;
}

/**
 * G-1: the base address is prefixed to paths that start with `/`; anything else (an
 * absolute URL such as a presigned storage link) is used as given. Arrays in the query
 * become repeated keys; undefined and null values are left out.
 */
export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const url = path.startsWith('/') ? baseUrl.replace(/\/+$/, '') + path : path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const search = params.toString();
  if (search === '') return url;
  return url + (url.includes('?') ? '&' : '?') + search;
}

/** Encodes one path segment; `@` stays literal so `@me` reaches the service as written (S-5). */
export function pathSegment(value: string): string {
  return encodeURIComponent(value).replaceAll('%40', '@');
}

/** Bodies the runtime already knows how to send, with their own content type (G-3: "sent unchanged"). */
function isNativeBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

/**
 * G-3: anything else is JSON. With `noContentType` the JSON goes out as bytes, because a
 * string body would make fetch add `text/plain` on its own and the header must be absent.
 */
export function encodeBody(body: unknown, noContentType: boolean): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  if (isNativeBody(body)) return { body };
  const json = JSON.stringify(body);
  if (noContentType) return { body: new TextEncoder().encode(json) };
  return { body: json, contentType: 'application/json' };
}

/**
 * Sends one request and reads the whole answer. E-4: a caller's abort is raised as the
 * runtime's abort error; a connection failure or the time-out becomes NetworkError
 * ('Network request failed'). The time-out covers reading the body too, so a server that
 * stalls mid-answer cannot hang the caller.
 */
export async function exchange(
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
  binary = false,
): Promise<Answer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  // Linked by hand rather than AbortSignal.any so older browsers work too.
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetchFn(url, { ...init, signal: controller.signal });
    const answer = { status: response.status, statusText: response.statusText, headers: response.headers };
    // Bytes must not go through text decoding; a refusal is still read as text (JSON).
    if (binary && response.ok) return { ...answer, text: '', blob: await response.blob() };
    return { ...answer, text: await response.text() };
  } catch (err) {
    if (signal?.aborted && !timedOut) throw err;
    throw new NetworkError(err);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * The body of a 2xx answer. 204 or an empty JSON answer is undefined; G-6 text answers
 * are returned as read. E-1: JSON that does not parse is logged and raised again.
 */
export function readBody(
  answer: Answer,
  responseType: 'json' | 'text' | 'blob',
  logger: Pick<Console, 'error'>,
): unknown {
  if (responseType === 'blob') return answer.blob;
  if (responseType === 'text') return answer.status === 204 ? undefined : answer.text;
  if (answer.status === 204 || answer.text === '') return undefined;
  try {
    return JSON.parse(answer.text);
  } catch (err) {
    logger.error(clientMessages.parseFailed, err);
    throw err;
  }
}

/**
 * The body of a non-2xx answer. A proxy's HTML page must not hide the status behind a
 * parse error, so text that is not JSON is kept as text (and not logged as E-1).
 */
export function readErrorBody(answer: Answer): unknown {
  if (answer.text === '') return undefined;
  try {
    return JSON.parse(answer.text);
  } catch {
    return answer.text;
  }
}
