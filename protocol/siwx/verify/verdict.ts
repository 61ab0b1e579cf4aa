// What a signature check answers: accepted, or refused with a reason a person can read.

/** The outcome of verifying a sign-in. */
export type Verdict = { ok: true } | { ok: false; reason: string }
