import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailbox, type RunningMailbox } from './mailbox.js'
import { createMailer, type Mailer } from './mailer.js'

let mailbox: RunningMailbox
let mailer: Mailer
beforeAll(async () => {
  mailbox = await startMailbox()
  mailer = createMailer({ host: mailbox.smtp.host, port: mailbox.smtp.port, from: 'Foyer <login@foyer.local>' })
})
afterAll(async () => {
  mailer?.close()
  await mailbox?.close()
})

describe('local mailbox', () => {
  it('keeps mail sent over SMTP and serves it as JSON, filtered by recipient', async () => {
    await mailer.send({ to: 'Ada@Example.com', subject: 'Your code', text: 'Code: 123456' })
    await mailer.send({ to: 'bob@example.com', subject: 'Other', text: 'hello' })
    const res = await fetch(`${mailbox.url}/api/messages?to=ada@example.com`)
    const { messages } = (await res.json()) as {
      messages: Array<{ to: string[]; subject: string; text: string; from: string }>
    }
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ to: ['ada@example.com'], subject: 'Your code' })
    expect(messages[0].text.trim()).toBe('Code: 123456')
    expect(messages[0].from).toContain('login@foyer.local')
    expect(mailbox.messages()).toHaveLength(2)
  })

  it('serves the mailbox page with its script and no inline script', async () => {
    const res = await fetch(mailbox.url)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    const html = await res.text()
    expect(html).toContain('Local mailbox')
    expect((await fetch(`${mailbox.url}/mailbox.js`)).status).toBe(200)
    expect((await fetch(`${mailbox.url}/nope`)).status).toBe(404)
  })

  it('empties on DELETE', async () => {
    expect((await fetch(`${mailbox.url}/api/messages`, { method: 'DELETE' })).status).toBe(204)
    expect(mailbox.messages()).toEqual([])
  })
})
