import autocannon from 'autocannon';

export interface Measured {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** Answers with a 2xx status (the intake benchmark counts its rows against them). */
  ok: number;
}

export interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  /**
   * Sends exactly this many requests (instead of running for a duration), every one of them
   * answered before the run ends: what the intake benchmark counts rows against.
   */
  amount?: number;
  /** Changes each request before it is sent (a fresh Idempotency-Key per report). */
  setupRequest?: (request: { headers?: Record<string, string> }) => { headers?: Record<string, string> };
}

/** 2xx answers per target name, over every run (warm-ups included). */
export const answered = new Map<string, number>();
const tally = (name: string, ok: number) => answered.set(name, (answered.get(name) ?? 0) + ok);

const requestOptions = (target: Target) => ({
  url: target.url,
  headers: target.headers,
  ...(target.method && { method: target.method }),
  ...(target.body !== undefined && { body: target.body }),
  ...(target.setupRequest && {
    requests: [{ setupRequest: target.setupRequest as never }],
  }),
});

/** Warms a URL up (JIT, connection pools, caches) without measuring. */
export async function warmUp(target: Target, seconds: number, connections: number): Promise<void> {
  const result = await autocannon({
    ...requestOptions(target),
    connections,
    ...(target.amount ? { amount: Math.ceil(target.amount / 5) } : { duration: seconds }),
  });
  tally(target.name, result['2xx']);
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
    for (const [i, target] of targets.entries()) runs[i]!.push(await measure(target, opts));
  }
  return runs.map((list) => {
    const mid = median(list.map((m) => m.requestsPerSecond));
    return list.find((m) => m.requestsPerSecond === mid)!;
  });
}

/** One autocannon run. */
export async function measure(
  target: Target,
  opts: { connections: number; duration: number },
): Promise<Measured> {
  // With `amount`, autocannon notices the end on its next one-second tick, so its own
  // duration is rounded up to whole seconds (2000 reports in 4.2 s read as 400/s): the run
  // is timed here, from its start to its last answer.
  let started = 0;
  let last = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        ...requestOptions(target),
        connections: opts.connections,
        ...(target.amount ? { amount: target.amount } : { duration: opts.duration }),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    run.on('start', () => {
      started = performance.now();
    });
    run.on('response', () => {
      last = performance.now();
    });
  });
  tally(target.name, result['2xx']);
  const seconds = (last - started) / 1000;
  return {
    name: target.name,
    ok: result['2xx'],
    requestsPerSecond: Math.round(target.amount ? result.requests.total / seconds : result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
