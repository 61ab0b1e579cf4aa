// Tiny helpers the core views share.
import type { Kernel } from '../../../kernel/index.js'

/** Sends a request the shell doesn't type (provided by a plugin); failures are reported, not thrown into React. */
export function send(kernel: Kernel, name: string, input?: unknown): void {
  const request = kernel.request as unknown as (n: string, i?: unknown) => Promise<unknown>
  request(name, input).catch((e: unknown) => kernel.reportError(e))
}
