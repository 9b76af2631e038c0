/** The client's own messages (spec §8). Exact strings: the web app and the tests match on them. */
export const clientMessages = {
  parseFailed: 'Failed to parse API response',
  uploadUnsupported: 'Failed to upload file(s). Please try restarting the app.',
  network: 'Network request failed',
  uploadError: 'upload error',
  uploadAbort: 'upload abort',
} as const;

/** E-4: the request never got an answer (connection failed, or the client's time-out fired). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super(clientMessages.network, { cause });
  }
}

/**
 * G-4: raised for every non-2xx answer, carrying the parsed body. When the body is the
 * service's API error object, its fields are copied onto the error (E-5) so callers can
 * branch on `code` and show `meta` without digging into `body`.
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  /** The HTTP status of the answer. */
  readonly status: number;
  /** E-5 name of `status`; equal to the body's statusCode when the service sent one. */
  readonly statusCode: number;
  /** The parsed answer: JSON when it parses, otherwise the raw text (undefined when empty). */
  readonly body: unknown;
  /** The stable error code from the service's catalogue, when the body has one. */
  readonly code?: string;
  /** The HTTP reason phrase, e.g. `Forbidden`. */
  readonly error: string;
  /** Details such as failing fields (`meta.fields`); `{}` when the body has none. */
  readonly meta: Record<string, unknown>;

  constructor(status: number, body: unknown, statusText = '') {
    const fields = isRecord(body) ? body : {};
    super(typeof fields.message === 'string' && fields.message !== '' ? fields.message : `HTTP ${status}`);
    this.status = status;
    this.statusCode = typeof fields.statusCode === 'number' ? fields.statusCode : status;
    this.body = body;
    if (typeof fields.code === 'string') this.code = fields.code;
    this.error = typeof fields.error === 'string' ? fields.error : statusText;
    this.meta = isRecord(fields.meta) ? fields.meta : {};
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
