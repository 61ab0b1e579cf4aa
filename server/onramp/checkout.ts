// The local provider's checkout page: opened by the modal with the SPEC §7 query parameters (publicKey,
// destinationCurrencyCode, walletAddress, externalCustomerId) plus the quote, it shows the order and a test card
// form (or a test bank form); paying delivers the tokens. Every value shown is escaped.
import { Hono } from 'hono'
import { OnRampError } from './adapter.js'
import type { LocalProvider } from './local.js'

/** The card that pays; 4000 0000 0000 0002 is declined (the usual test numbers). */
export const TEST_CARD = '4242424242424242'
/** A card number that passes the checksum but is declined. */
export const DECLINED_CARD = '4000000000000002'

/** HTML-escapes a value shown on a page. */
export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

/** A small standalone HTML page (the provider's and the local exchange's). */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:15px system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#222}
label{display:block;margin:12px 0 4px}input{width:100%;padding:8px;font:inherit;box-sizing:border-box}
button{margin-top:16px;padding:10px 16px;font:inherit;width:100%}.note{color:#666;font-size:13px}
.error{color:#b00020}dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px}dd{margin:0}</style></head>
<body><h1>${esc(title)}</h1>${body}</body></html>`
}

function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2
    sum += d
  }
  return sum % 10 === 0
}

/** Why a test card is refused, or null when it pays. */
export function cardRefusal(number: string, expiry: string, cvc: string, now = new Date()): string | null {
  const digits = number.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return 'The card number is not valid'
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim())
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return 'The expiry date must read MM/YY'
  const end = new Date(Date.UTC(2000 + Number(m[2]), Number(m[1]), 1))
  if (end <= now) return 'The card has expired'
  if (!/^\d{3,4}$/.test(cvc.trim())) return 'The security code must have 3 or 4 digits'
  if (digits !== TEST_CARD) return 'The card was declined'
  return null
}

/** The checkout routes of the local provider. */
export function checkoutRoutes(provider: LocalProvider): Hono {
  const app = new Hono()
  app.get('/health', (c) => c.json({ ok: true }))

  app.get('/checkout', async (c) => {
    const q = c.req.query()
    const quote = storedFor(provider, q.quoteId)
    try {
      if (q.publicKey !== provider.publicKey) throw new OnRampError('Unknown publicKey', 'publicKey')
      if (!quote) throw new OnRampError('This quote is unknown or has expired; ask for a new one', 'quoteId')
      if (q.destinationCurrencyCode !== quote.purchaseAmount.currency)
        throw new OnRampError('destinationCurrencyCode does not match the quote', 'destinationCurrencyCode')
      const order = provider.openOrder({
        quoteId: quote.id,
        walletAddress: q.walletAddress ?? '',
        externalCustomerId: q.externalCustomerId ?? '',
      })
      if (order.status !== 'pending') return c.html(page('Order', receipt(order)))
      return c.html(page('Checkout', await checkoutForm(quote, order.walletAddress, provider)))
    } catch (err) {
      if (!(err instanceof OnRampError)) throw err
      return c.html(page('Checkout', `<p class="error" data-testid="checkout-error">${esc(err.message)}</p>`), 400)
    }
  })

  app.post('/checkout', async (c) => {
    const form = await c.req.parseBody()
    const field = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : '')
    const quote = storedFor(provider, field('quoteId'))
    const order = quote && (await provider.order(quote.id))
    if (!quote || !order)
      return c.html(page('Checkout', '<p class="error" data-testid="checkout-error">No such order</p>'), 400)
    if (order.status !== 'pending') return c.html(page('Order', receipt(order)))
    const refusal =
      quote.paymentMethod === 'bank'
        ? field('holder').trim()
          ? null
          : 'The account holder is required'
        : cardRefusal(field('card'), field('expiry'), field('cvc'))
    if (refusal)
      return c.html(
        page(
          'Checkout',
          `<p class="error" data-testid="checkout-error">${esc(refusal)}</p>${await checkoutForm(quote, order.walletAddress, provider)}`,
        ),
        402,
      )
    return c.html(page('Order', receipt(await provider.pay(quote.id))))
  })
  return app
}

function storedFor(provider: LocalProvider, id: string | undefined) {
  return id ? provider.storedQuote(id) : null
}

type Quote = NonNullable<ReturnType<LocalProvider['storedQuote']>>

/** The quote's network as a visitor knows it ("Ethereum"), not its CAIP-2 id. */
async function networkName(provider: LocalProvider, quote: Quote): Promise<string> {
  const { purchaseCurrencies } = await provider.options()
  const net = purchaseCurrencies.flatMap((c) => c.networks).find((n) => n.chain_id === quote.network)
  return net?.display_name ?? quote.network
}

async function checkoutForm(quote: Quote, wallet: string, provider: LocalProvider): Promise<string> {
  const bank = quote.paymentMethod === 'bank'
  const network = await networkName(provider, quote)
  const inputs = bank
    ? `<label for="holder">Account holder</label><input id="holder" name="holder" data-testid="checkout-holder" required>
<p class="note">Test bank transfer: any holder name settles at once.</p>`
    : `<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="off" data-testid="checkout-card" placeholder="4242 4242 4242 4242" required>
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" data-testid="checkout-expiry" placeholder="12/34" required>
<label for="cvc">Security code</label><input id="cvc" name="cvc" data-testid="checkout-cvc" placeholder="123" required>
<p class="note">Test card 4242 4242 4242 4242, any future expiry, any code. 4000 0000 0000 0002 is declined.</p>`
  return `<dl><dt>You pay</dt><dd data-testid="checkout-pay-amount">${esc(quote.paymentAmount.amount)} ${esc(quote.paymentAmount.currency)}</dd>
<dt>Fee</dt><dd>${esc(quote.fee.amount)} ${esc(quote.fee.currency)} (${quote.fee.bps / 100} %)</dd>
<dt>You get</dt><dd data-testid="checkout-receive">${esc(quote.purchaseAmount.amount)} ${esc(quote.purchaseAmount.currency)}</dd>
<dt>Network</dt><dd data-testid="checkout-network">${esc(network)}</dd><dt>To</dt><dd style="word-break:break-all">${esc(wallet)}</dd></dl>
<form method="post" action="checkout"><input type="hidden" name="quoteId" value="${esc(quote.id)}">${inputs}
<button type="submit" data-testid="checkout-submit">Pay ${esc(quote.paymentAmount.amount)} ${esc(quote.paymentAmount.currency)}</button></form>`
}

function receipt(order: Awaited<ReturnType<LocalProvider['pay']>>): string {
  const done = order.status === 'completed'
  return `<p data-testid="checkout-status" data-status="${esc(order.status)}">${
    done
      ? `Paid. ${esc(order.purchaseAmount)} ${esc(order.currency)} sent to your wallet. You can close this window.`
      : order.status === 'failed'
        ? `The delivery failed: ${esc(order.reason ?? 'unknown reason')}. You were not charged.`
        : `Order ${esc(order.status)}.`
  }</p>${order.transactionHash ? `<p class="note">Transaction <code>${esc(order.transactionHash)}</code></p>` : ''}`
}
