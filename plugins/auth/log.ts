// The embedded wallet's console diagnostics (SPEC §9 auth logger): on by default, silent with `enableAuthLogger: false`.
import { authLoggerEnabled, type HostOptions } from '../../kernel/index.js'

/** A console line of the embedded wallet's, `[foyer]`-prefixed, or nothing when the host turned the logger off. */
export function authLog(options: Readonly<HostOptions>, level: 'warn' | 'error', message: string): void {
  if (authLoggerEnabled(options)) console[level](`[foyer] ${message}`)
}
