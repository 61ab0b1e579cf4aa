// Pay with exchange (SPEC §2 optional section): the exchanges that can pay for the visitor, a payment opened on one
// (its page URL, where the visitor logs in), and the payment's progress until the exchange's transaction is mined.
// Every call goes through an exchange adapter (server/exchange/exchange.ts); the local exchange is the default.
import { Hono } from 'hono'
import type { ApiDeps } from '../deps.js'
import { ApiError, invalidField, notFound } from '../errors.js'
import { readJson } from '../params.js'
import { ExchangeError, type ExchangePaymentRequest } from '../../exchange/exchange.js'
import type { ExchangesAnswer } from '../../../protocol/wire/exchange.js'

const FIELDS = ['network', 'asset', 'amount', 'recipient'] as const

function checkPaymentRequest(body: unknown): ExchangePaymentRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ApiError(400, 'bad_request', 'The body must be a JSON object')
  const b = body as Record<string, unknown>
  for (const k of FIELDS)
    if (typeof b[k] !== 'string' || !b[k]) throw invalidField('invalid_payment', k, 'a non-empty string')
  return {
    network: b.network as string,
    asset: b.asset as string,
    amount: b.amount as string,
    recipient: b.recipient as string,
  }
}

/** GET /v1/exchanges, POST /v1/exchanges/{id}/payments, GET /v1/exchanges/{id}/payments/{paymentId}. */
export function exchangeRoutes(deps: ApiDeps): Hono {
  const app = new Hono()
  const exchanges = deps.exchanges ?? []
  const find = (id: string) => {
    const e = exchanges.find((x) => x.id === id)
    if (!e) throw notFound('Exchange')
    return e
  }

  app.get('/v1/exchanges', (c) =>
    c.json({
      exchanges: exchanges.map((e) => ({ id: e.id, name: e.name, namespaces: e.namespaces })),
    } satisfies ExchangesAnswer),
  )

  app.post('/v1/exchanges/:id/payments', async (c) => {
    const exchange = find(c.req.param('id'))
    const req = checkPaymentRequest(await readJson(c))
    try {
      return c.json(await exchange.createPayment(req))
    } catch (err) {
      if (err instanceof ExchangeError) throw invalidField('payment_refused', err.field, err.message)
      throw err
    }
  })

  app.get('/v1/exchanges/:id/payments/:paymentId', async (c) => {
    const payment = await find(c.req.param('id')).payment(c.req.param('paymentId'))
    if (!payment) throw notFound('Payment')
    return c.json(payment)
  })
  return app
}
