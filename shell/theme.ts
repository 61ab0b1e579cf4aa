// Turns the kernel's theme slice into the custom properties and attributes every Foyer surface applies.
import type { ThemeState } from '../kernel/index.js'

/** The `--foyer-*` variables as an inline style object (CSSOM, so CSP allows it). */
export function themeStyle(theme: ThemeState): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(theme.variables)) {
    if (v !== undefined && v !== null && v !== '') out[k] = String(v)
  }
  // Mixing is opt-in: without a mix colour the plain palette stays, which contrast checkers can read.
  if (out['--foyer-color-mix']) {
    const pct = `${Number(out['--foyer-color-mix-strength'] ?? 0)}%`
    for (const token of ['bg', 'surface', 'surface-2']) {
      out[`--fy-${token}`] = `color-mix(in srgb, var(--fy-${token}-base), var(--foyer-color-mix) ${pct})`
    }
  }
  return out
}
