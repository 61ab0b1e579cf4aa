// What the providers of `getProvider` share: a listener list for EIP-1193 events and errors with EIP-1193 codes.

type Listener = (...args: any[]) => void

/** A minimal event emitter (a listener that throws does not stop the others). */
export class Emitter {
  private listeners = new Map<string, Set<Listener>>()
  on(event: string, fn: Listener): void {
    const set = this.listeners.get(event) ?? new Set()
    set.add(fn)
    this.listeners.set(event, set)
  }
  off(event: string, fn: Listener): void {
    this.listeners.get(event)?.delete(fn)
  }
  emit(event: string, ...args: unknown[]): void {
    for (const fn of [...(this.listeners.get(event) ?? [])])
      try {
        fn(...args)
      } catch (error) {
        console.error(error)
      }
  }
}

/** An EIP-1193 provider error: `code` is numeric (4001 rejected, 4100, 4200, 4900, 4902, -326xx). */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data?: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    if (data !== undefined) this.data = data
  }
}

/** Turns a Foyer failure into a ProviderRpcError: numeric wallet codes pass through, Foyer's own go into `data`. */
export function rpcError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const e = error as { code?: unknown; message?: unknown; name?: unknown; category?: unknown }
  const message = typeof e?.message === 'string' ? e.message : String(error)
  if (typeof e?.code === 'number') return new ProviderRpcError(e.code, message)
  // "Modal closed" before a connection is the visitor saying no, as a wallet's 4001 is.
  if (e?.category === 'USER_REJECTED' || e?.code === 'modalClosed') return new ProviderRpcError(4001, message, e.code)
  return new ProviderRpcError(-32603, message, e?.code)
}
