// The local exchange's page: the modal opens it for a payment; the visitor logs in with the test account and the
// exchange's hot wallet pays the recipient. Every value shown is escaped.
import { Hono } from 'hono'
import { esc, page } from '../onramp/checkout.js'
import { ExchangeError, TEST_ACCOUNT, type ExchangePayment, type LocalExchange } from './exchange.js'

/** The page routes of the local exchange (GET/POST /pay?payment=…). */
export function exchangeRoutes(exchange: LocalExchange): Hono {
  const app = new Hono()
  app.get('/health', (c) => c.json({ ok: true }))

  app.get('/pay', async (c) => {
    const p = await exchange.payment(c.req.query('payment') ?? '')
    if (!p) return c.html(page(exchange.name, error('No such payment')), 404)
    return c.html(page(exchange.name, p.status === 'pending' ? loginForm(p) : receipt(p)))
  })

  app.post('/pay', async (c) => {
    const form = await c.req.parseBody()
    const field = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : '')
    const id = field('payment')
    try {
      const p = await exchange.confirm(id, { email: field('email'), password: field('password') })
      return c.html(page(exchange.name, receipt(p)))
    } catch (err) {
      if (!(err instanceof ExchangeError)) throw err
      const p = await exchange.payment(id)
      return c.html(page(exchange.name, error(err.message) + (p ? loginForm(p) : '')), p ? 401 : 404)
    }
  })
  return app
}

const error = (message: string) => `<p class="error" data-testid="exchange-error">${esc(message)}</p>`

function loginForm(p: ExchangePayment): string {
  return `<p>Log in to pay from your exchange balance.</p>
<dl><dt>Pay</dt><dd data-testid="exchange-amount">${esc(p.amount)} ${esc(p.asset === 'native' ? 'native' : p.asset)}</dd>
<dt>To</dt><dd style="word-break:break-all">${esc(p.recipient)}</dd><dt>Network</dt><dd>${esc(p.network)}</dd></dl>
<form method="post" action="pay"><input type="hidden" name="payment" value="${esc(p.id)}">
<label for="email">Email</label><input id="email" name="email" type="email" data-testid="exchange-email" required>
<label for="password">Password</label><input id="password" name="password" type="password" data-testid="exchange-password" required>
<p class="note">Test account: ${esc(TEST_ACCOUNT.email)} / ${esc(TEST_ACCOUNT.password)}</p>
<button type="submit" data-testid="exchange-submit">Log in and pay</button></form>`
}

function receipt(p: ExchangePayment): string {
  const text =
    p.status === 'completed'
      ? 'Paid. You can close this window.'
      : p.status === 'failed'
        ? `The payment failed: ${esc(p.reason ?? 'unknown reason')}. Your balance was not charged.`
        : `Payment ${esc(p.status)}.`
  return `<p data-testid="exchange-status" data-status="${esc(p.status)}">${text}</p>${
    p.transactionHash ? `<p class="note">Transaction <code>${esc(p.transactionHash)}</code></p>` : ''
  }`
}
