/** Percentiles of a sample (nearest rank); NaN for an empty one. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] as number;
}

export const ms = (value: number) => `${value.toFixed(0)} ms`;

/** "p50 12 ms, p95 30 ms, max 41 ms" */
export function describeDurations(values: readonly number[]): string {
  if (values.length === 0) return 'no samples';
  return `p50 ${ms(percentile(values, 0.5))}, p95 ${ms(percentile(values, 0.95))}, max ${ms(Math.max(...values))}`;
}

/** Resolves at `at` (a performance.now() instant), at once when that has passed. */
export function until(at: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
}
