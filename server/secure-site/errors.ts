// The secure site's domain failures: an HTTP status, a machine code and a sentence the frame shows as it is.

/** A failure the frame reports to the page (and the visitor reads): never carries secrets. */
export class WalletError extends Error {
  override name = 'WalletError'
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 500 | 502,
    readonly code: string,
    message: string,
    /** Wallet error code (EIP-1193: 4001 user rejected, 4100 unauthorized, 4200 unsupported method). */
    readonly rpcCode?: number,
  ) {
    super(message)
  }

  /** The JSON body the API answers with. */
  toBody(): { error: string; message: string; rpcCode?: number } {
    return { error: this.code, message: this.message, ...(this.rpcCode ? { rpcCode: this.rpcCode } : {}) }
  }
}

/** Throws 400 when a string anywhere in `v` holds NUL, which PostgreSQL text and jsonb cannot store. */
export function rejectNul(v: unknown, depth = 0): void {
  if (typeof v === 'string') {
    if (v.includes('\u0000')) throw new WalletError(400, 'invalid_text', 'A text value must not contain NUL (\\u0000)')
  } else if (typeof v === 'object' && v !== null && depth < 16)
    for (const [k, x] of Object.entries(v)) {
      rejectNul(k, depth + 1)
      rejectNul(x, depth + 1)
    }
}
