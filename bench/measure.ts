import autocannon from 'autocannon';

export interface Measured {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

/** Warms a URL up (JIT, connection pools, caches) without measuring. */
export async function warmUp(target: Target, seconds: number, connections: number): Promise<void> {
  await autocannon({ url: target.url, headers: target.headers, connections, duration: seconds });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Measures the targets in interleaved rounds (A B A B A B) and keeps each one's median
 * round, so a burst of noise on this shared two-core machine does not decide a ratio.
 */
export async function compare(
  targets: Target[],
  opts: { connections: number; duration: number; rounds: number },
): Promise<Measured[]> {
  const runs = targets.map(() => [] as Measured[]);
  for (let round = 0; round < opts.rounds; round++) {
    for (const [i, target] of targets.entries())
      runs[i]!.push(await measure(target.name, target.url, { ...opts, headers: target.headers }));
  }
  return runs.map((list) => {
    const mid = median(list.map((m) => m.requestsPerSecond));
    return list.find((m) => m.requestsPerSecond === mid)!;
  });
}

/** One autocannon run. */
export async function measure(
  name: string,
  url: string,
  opts: { headers?: Record<string, string>; connections: number; duration: number },
): Promise<Measured> {
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
