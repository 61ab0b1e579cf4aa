// A local mail catcher for development and tests: a real SMTP server (smtp-server) that keeps every message it
// receives, parsed with mailparser, and an HTTP side that shows them — a mailbox page for people and a JSON API for
// tests — so a newcomer logs in by email with any address and reads the one-time code there. Nothing is relayed.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { simpleParser, type AddressObject } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { RunningService } from '../types.js'
import { mailboxPage } from './page.js'

/** One received message as the JSON API serves it. */
export interface MailMessage {
  id: number
  from: string
  /** Recipient addresses, lower-case, from the SMTP envelope. */
  to: string[]
  subject: string
  text: string
  /** ISO time the message arrived. */
  receivedAt: string
}

/** Options of startMailbox. */
export interface MailboxOptions {
  host?: string
  /** SMTP port (0 = a free one). */
  smtpPort?: number
  /** HTTP port of the mailbox page and API (0 = a free one). */
  httpPort?: number
  /** Messages kept; older ones are dropped first (default 500). */
  keep?: number
}

/** A running mailbox: `url` is the HTTP page; `smtp` is where to send mail. */
export interface RunningMailbox extends RunningService {
  smtp: { host: string; port: number }
  /** Messages received so far, oldest first (optionally only those to `to`). */
  messages(to?: string): MailMessage[]
}

const MAX_MESSAGE_BYTES = 1024 * 1024

const addresses = (field: AddressObject | AddressObject[] | undefined): string =>
  (Array.isArray(field) ? field : field ? [field] : []).map((a) => a.text).join(', ')

/** Starts the SMTP server and the mailbox page; close() stops both. */
export async function startMailbox(opts: MailboxOptions = {}): Promise<RunningMailbox> {
  const host = opts.host ?? '127.0.0.1'
  const keep = opts.keep ?? 500
  const inbox: MailMessage[] = []
  let nextId = 1

  const smtp = new SMTPServer({
    // A local catcher: no TLS and no login, any sender and recipient is accepted.
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push({
            id: nextId++,
            from: addresses(mail.from) || (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            receivedAt: new Date().toISOString(),
          })
          if (inbox.length > keep) inbox.splice(0, inbox.length - keep)
          done()
        })
        .catch((err: Error) => done(err))
    },
  })
  smtp.on('error', (err) => console.error('[mailbox] SMTP error:', err.message))
  const smtpPort = await new Promise<number>((resolve, reject) => {
    smtp.server.once('error', reject)
    smtp.listen(opts.smtpPort ?? 0, host, () => resolve((smtp.server.address() as AddressInfo).port))
  })

  const messages = (to?: string): MailMessage[] =>
    to ? inbox.filter((m) => m.to.includes(to.trim().toLowerCase())) : [...inbox]

  let http: Server
  try {
    http = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://mailbox')
      if (req.method === 'GET' && url.pathname === '/api/messages') {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        res.end(JSON.stringify({ messages: messages(url.searchParams.get('to') ?? undefined) }))
      } else if (req.method === 'DELETE' && url.pathname === '/api/messages') {
        inbox.length = 0
        res.writeHead(204).end()
      } else if (req.method === 'GET' && url.pathname === '/') {
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'content-security-policy':
            "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'",
        })
        res.end(mailboxPage.html)
      } else if (req.method === 'GET' && url.pathname === '/mailbox.js') {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' })
        res.end(mailboxPage.script)
      } else {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}')
      }
    })
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject)
      http.listen(opts.httpPort ?? 0, host, () => resolve())
    })
  } catch (err) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    throw err
  }
  const port = (http.address() as AddressInfo).port
  let closing: Promise<void> | undefined
  return {
    url: `http://${host}:${port}`,
    port,
    smtp: { host, port: smtpPort },
    messages,
    close: () =>
      (closing ??= Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          http.closeAllConnections()
          http.close(() => resolve())
        }),
      ]).then(() => undefined)),
  }
}
