import type { RequestOptions } from './core.ts';
import type { paths } from './openapi.ts';
import { type HttpMethod, pathSegment } from './transport.ts';

/**
 * Typed calls: the method, path, parameters, body and answer of every call come from the
 * server's OpenAPI document (openapi.ts, written by `npm run api:types`), so a path the
 * server does not serve, or a wrong field, fails the typecheck. The call itself is the
 * client's own `request` (bearer, refresh-on-403, errors, session): no second transport.
 */

type Lower<M extends HttpMethod> = Lowercase<M>;

/** Every path the server serves, as the document writes it (`/v1/users/{id}`). */
export type ApiPath = keyof paths;

/** The paths that serve `method`. */
export type PathsFor<M extends HttpMethod> = {
  [P in ApiPath]: Lower<M> extends keyof paths[P] ? P : never;
}[ApiPath];

/** One operation of the document. */
export type ApiOperation<M extends HttpMethod, P extends PathsFor<M>> = paths[P][Lower<M> & keyof paths[P]];

type Parameters<Op> = Op extends { parameters: infer T } ? T : Record<never, never>;

type PathOption<Op> = Parameters<Op> extends { path: infer T } ? { path: T } : { path?: never };

type QueryOption<Op> = 'query' extends keyof Parameters<Op>
  ? Record<never, never> extends Pick<Parameters<Op>, 'query'>
    ? { query?: Parameters<Op>['query'] }
    : { query: Parameters<Op>['query'] }
  : { query?: never };

type ContentOf<T> = T extends { content: infer C }
  ? [C] extends [never]
    ? undefined
    : C[keyof C]
  : undefined;

/** The request body the operation takes (its JSON, or its one other media type). */
export type ApiBody<M extends HttpMethod, P extends PathsFor<M>> =
  ApiOperation<M, P> extends {
    requestBody?: infer B;
  }
    ? ContentOf<NonNullable<B>>
    : never;

type BodyOption<Op> = 'requestBody' extends keyof Op
  ? Record<never, never> extends Pick<Op, 'requestBody' & keyof Op>
    ? { body?: ContentOf<NonNullable<Op['requestBody' & keyof Op]>> }
    : { body: ContentOf<NonNullable<Op['requestBody' & keyof Op]>> }
  : { body?: never };

/** What `call` takes besides method and path: `path` fills `{…}` segments; the rest is `request`'s. */
export type CallOptions<M extends HttpMethod, P extends PathsFor<M>> = Omit<
  RequestOptions,
  'body' | 'query'
> &
  PathOption<ApiOperation<M, P>> &
  QueryOption<ApiOperation<M, P>> &
  BodyOption<ApiOperation<M, P>>;

type Successes<Op> = Op extends { responses: infer R } ? R[keyof R & (200 | 201 | 202 | 204)] : never;

/** The answer of a successful call: the 2xx body (undefined for 204). */
export type ApiResult<M extends HttpMethod, P extends PathsFor<M>> = ContentOf<Successes<ApiOperation<M, P>>>;

/** The query parameters an operation takes. */
export type ApiQuery<M extends HttpMethod, P extends PathsFor<M>> = NonNullable<
  Parameters<ApiOperation<M, P>> extends { query?: infer Q } ? Q : never
>;

/** Anything with the client's `request`: the ApiClient, or the core its own helpers use. */
export interface Requester {
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
}

type OptionsArgument<M extends HttpMethod, P extends PathsFor<M>> =
  Record<never, never> extends CallOptions<M, P>
    ? [options?: CallOptions<M, P>]
    : [options: CallOptions<M, P>];

/** Fills the `{name}` segments of a document path; each value is encoded as one segment. */
export function fillPath(path: string, values: Record<string, string | number> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    return pathSegment(String(value));
  });
}

/**
 * One typed API call over `api.request`:
 * `call(api, 'GET', '/v1/users/{id}', { path: { id }, query: { includeSettings: true } })`.
 */
export function call<M extends HttpMethod, P extends PathsFor<M>>(
  api: Requester,
  method: M,
  path: P,
  ...[options]: OptionsArgument<M, P>
): Promise<ApiResult<M, P>> {
  const { path: values, ...rest } = (options ?? {}) as { path?: Record<string, string | number> };
  const url = fillPath(path, values);
  // Without options the request goes out exactly as `api.request(method, url)` would.
  return Object.keys(rest).length ? api.request(method, url, rest) : api.request(method, url);
}
