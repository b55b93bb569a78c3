// What the database benchmarks share: concurrent callers working through a list, and percentiles.

/** The p-th percentile (0-100) of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs `fn` on every item with `workers` callers at once; returns each call's time, ascending (ms). */
export async function runPool<T>(
  items: T[],
  workers: number,
  fn: (item: T) => Promise<void>,
): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        const start = performance.now();
        await fn(item);
        latencies.push(performance.now() - start);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}
