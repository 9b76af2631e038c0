import type { IncomingHttpHeaders } from 'node:http';

/**
 * What the request log may not keep (issue 28 item 7): the values of query parameters that are
 * secrets (a signed link's `sig`, a `token` of an email link, the SSO callback's `code` and
 * `state`) and the token segment of an assignment link's path. They are replaced by
 * `[redacted]` so the line still says which route was called and with what else. The request
 * serializer below is the only place request URLs are logged from.
 */

/** Query parameters whose value is a secret. */
const SECRET_PARAMETERS = new Set(['sig', 'token', 'code', 'state']);

/** Paths that carry a secret in a segment: the segment after these words. */
const SECRET_SEGMENT = /^(\/v1\/report\/[^/?]+\/(?:assign|verify))\/[^/?]+/i;

export const REDACTED = '[redacted]';

/** The URL with every secret replaced by `[redacted]`; anything else as it came. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(SECRET_SEGMENT, `$1/${REDACTED}`);
  if (at < 0) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {}
      return SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** What the serializer reads of a request (Fastify's request, typed as loosely as its logger option). */
interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: IncomingHttpHeaders;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer (its own fields), with the URL redacted. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    version: request.headers?.['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
