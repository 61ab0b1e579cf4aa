// The local mailbox as a service (`npm start`): an SMTP catcher the secure site mails its codes to, with a page and
// a JSON API to read them. Off unless `secureSite.mailbox` is set (FOYER_MAILBOX_PORT): production mails for real.
import { defineService } from '../compose.js'
import { startMailbox, type RunningMailbox } from './mailbox.js'

declare module '../compose.js' {
  interface ServiceMap {
    mailbox: RunningMailbox
  }
}

/** Starts the mailbox on the configured ports. */
export const mailboxService = defineService({
  name: 'mailbox',
  async start({ config }) {
    const m = config.secureSite.mailbox
    if (!m) return undefined
    return startMailbox({ host: config.host, httpPort: m.port, smtpPort: m.smtpPort })
  },
  describe: (m) => [`mailbox ${m.url}`, `SMTP smtp://${m.smtp.host}:${m.smtp.port} (local catcher: nothing leaves)`],
})
