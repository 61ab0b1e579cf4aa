// Email capture (SPEC remote feature `emailCapture`, AppKit's DataCapture): a signed-in account confirms an email
// with a mailed one-time code. The codes are the embedded wallet's (secure-site/codes.ts: 6 digits, TTL, tries,
// resend cooldown, per-address and per-IP budgets on the shared limiter), under purpose 'capture' and a key derived
// from the token key; the mail goes through the same mailer (the local mailbox in the stack).
import type { ServerConfig } from '../config.js'
import { createMailer, type Mailer, type SmtpConfig } from '../mail/mailer.js'
import { limitStoreOf, type Limits } from '../rate-limit/limiter.js'
import { openCodeLimits, type CodeScope } from '../secure-site/codes.js'
import { DEFAULT_CODE_LIMITS, type CodeLimits } from '../secure-site/config.js'
import type { SqlRunner } from '../store/store.js'

/** What the email-capture routes need: the mailer, the code budgets and their limits. */
export interface EmailCapture {
  mailer: Mailer
  budgets: Limits<CodeScope>
  limits: CodeLimits
  close(): Promise<void>
}

/** The SMTP codes go out by: the operator's (secureSite.smtp), else the local mailbox when it runs. */
export function captureSmtp(config: ServerConfig, mailbox?: { smtp: { host: string; port: number } }) {
  const s = config.secureSite.smtp
  if (s) return { ...s, from: s.from ?? `Foyer <login@${s.host}>` } as SmtpConfig
  return mailbox && { host: mailbox.smtp.host, port: mailbox.smtp.port, from: 'Foyer <login@foyer.local>' }
}

/** Opens email capture over `smtp` (or a given mailer), with the code limits of the configuration. */
export async function openEmailCapture(
  config: ServerConfig,
  smtp: SmtpConfig | undefined,
  mailer: Mailer | undefined = smtp && createMailer(smtp),
): Promise<EmailCapture | undefined> {
  if (!mailer) return undefined
  const limits = { ...DEFAULT_CODE_LIMITS, ...config.secureSite.codes }
  const budgets = await openCodeLimits(limits, limitStoreOf(config))
  return { mailer, budgets, limits, close: async () => (mailer.close(), await budgets.close()) }
}

/** The account's key in the store: its namespace, and the address (EVM lower-cased). */
export function accountKey(chainId: string, address: string): { namespace: string; address: string } {
  const namespace = chainId.split(':')[0]
  return { namespace, address: namespace === 'eip155' ? address.toLowerCase() : address }
}

/** Stores (or replaces) the account's confirmed email. */
export async function saveAccountEmail(
  db: SqlRunner,
  a: { projectId: string; chainId: string; address: string; email: string; sessionId: string; at: Date },
): Promise<void> {
  const k = accountKey(a.chainId, a.address)
  await db.query(
    `INSERT INTO siwx_account_emails (project_id, namespace, address, email, session_id, verified_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (project_id, namespace, address)
     DO UPDATE SET email = EXCLUDED.email, session_id = EXCLUDED.session_id, verified_at = EXCLUDED.verified_at`,
    [a.projectId, k.namespace, k.address, a.email, a.sessionId, a.at],
  )
}

/** The account's confirmed email, if any. */
export async function accountEmail(
  db: SqlRunner,
  a: { projectId: string; chainId: string; address: string },
): Promise<{ email: string; verifiedAt: string } | undefined> {
  const k = accountKey(a.chainId, a.address)
  const { rows } = await db.query<{ email: string; verified_at: Date | string }>(
    'SELECT email, verified_at FROM siwx_account_emails WHERE project_id = $1 AND namespace = $2 AND address = $3',
    [a.projectId, k.namespace, k.address],
  )
  return rows[0] && { email: rows[0].email, verifiedAt: new Date(rows[0].verified_at).toISOString() }
}
