// Outgoing mail over SMTP with nodemailer: the one-time codes of the embedded wallet's email login.
import type { Transporter } from 'nodemailer'

/** Where and how to send mail (SMTP). */
export interface SmtpConfig {
  host: string
  port: number
  /** SMTP login; none for a local catcher. */
  user?: string
  pass?: string
  /** TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it. */
  secure?: boolean
  /** The From header, e.g. `Foyer <login@example.com>`. */
  from: string
}

/** One message to send. */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
}

/** Sends mail; close() releases the connection pool. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1'])

/** A nodemailer transport over `config`; loaded late so processes that never send mail never load nodemailer. */
export function createMailer(config: SmtpConfig): Mailer {
  let transport: Promise<Transporter> | undefined
  const get = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: config.host,
        port: config.port,
        secure: config.secure ?? false,
        auth: config.user ? { user: config.user, pass: config.pass ?? '' } : undefined,
        // A loopback catcher speaks plain SMTP; anything else must upgrade to TLS.
        ignoreTLS: LOOPBACK.has(config.host) && !config.secure,
        requireTLS: !LOOPBACK.has(config.host) && !config.secure,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    ))
  return {
    async send(mail) {
      const t = await get()
      await t.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text })
    },
    close() {
      void transport?.then((t) => t.close())
    },
  }
}
