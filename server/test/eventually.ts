/**
 * Retries `check` until it passes or `timeoutMs` runs out, for effects that travel
 * asynchronously (a PostgreSQL notification reaching another connection).
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
