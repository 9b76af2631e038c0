import autocannon from 'autocannon';

export interface Measured {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** Loads one URL with autocannon after a one-second warm-up (JIT, pools in steady state). */
export async function measure(
  name: string,
  url: string,
  opts: { headers?: Record<string, string>; connections: number; duration: number },
): Promise<Measured> {
  await autocannon({ url, headers: opts.headers, connections: opts.connections, duration: 1 });
  const result = await autocannon({
    url,
    headers: opts.headers,
    connections: opts.connections,
    duration: opts.duration,
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
