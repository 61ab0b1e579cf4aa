// Small statistics shared by the benches.

/** The p-th percentile (0–100) of an ascending-sorted sample; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN
}

/** The median of a sample (mean of the middle two when even); NaN when empty. */
export function median(sample: number[]): number {
  const s = [...sample].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length === 0 ? NaN : s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}
