/** Samples this process's resident set size; `peakMb()` is the highest seen. */
export function rssSampler(intervalMs = 50) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, intervalMs);
  timer.unref();
  return {
    peakMb: () => Math.round(Math.max(peak, process.memoryUsage().rss) / 1_048_576),
    stop: () => clearInterval(timer),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
