export interface HttpResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** A plain HTTP call that never throws on status, for asserting exact answers. */
export async function http<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: {
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
    /** The body as it is (text or bytes), with its own content-type header. */
    raw?: string | Uint8Array;
    /** A multipart/form-data body (fetch sets its Content-Type with the boundary). */
    form?: FormData;
    redirect?: RequestRedirect;
  } = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array | FormData | undefined;
  if (options.form !== undefined) body = options.form;
  else if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && options.form === undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(base + path, {
    method,
    headers,
    body: body as BodyInit | undefined,
    redirect: options.redirect,
  });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T };
}
