/** Nearest-rank percentile: always an observed value, so small samples stay honest (p90 of 7 is the slowest). */
export function percentile(samples: number[], fraction: number): number {
  if (samples.length === 0) throw new Error('percentile of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1]!;
}

/** Milliseconds to one decimal: finer digits are noise at these scales. */
export function roundMs(ms: number): number {
  return Math.round(ms * 10) / 10;
}

export function medianAndP90(samples: number[]): { median: number; p90: number } {
  return { median: roundMs(percentile(samples, 0.5)), p90: roundMs(percentile(samples, 0.9)) };
}
