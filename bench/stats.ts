// Small statistics shared by the benches.

/** The p-th percentile (0–100) of an ascending-sorted sample; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN
}
