// OnRampProviders: token, currency, method and amount (checked against the method's limits before any quote), the
// quote with its loading flag, the providers with their fees, and the order's progress once a provider's page opened.
import { useId, type JSX } from 'react'
import { isPending, requestError, type Kernel } from '../../../kernel/index.js'
import {
  Button,
  formatAmount,
  formatDecimal,
  normalizeDecimalInput,
  formatTokenAmount,
  ListItem,
  Spinner,
  Text,
  inputStyle,
  useSelect,
} from '../../../shell/ui/index.js'
import { chosenLimit, defaultToken } from '../onramp.handlers.js'
import { onrampOf, type OnRampOrderState } from '../onramp.state.js'
import { formatFiat, toCents } from '../limits.js'

const errorStyle = { color: 'var(--fy-error)' } as const
const row = { display: 'flex', gap: 8 } as const
// a labelled field: its visible label above it
const field = { gap: 4 } as const
const quiet = (run: () => Promise<unknown>) => void run().catch(() => undefined)

const STATUS: Record<OnRampOrderState['status'], string> = {
  opened: "Complete the purchase on the provider's page…",
  pending: 'Waiting for your payment…',
  paid: 'Paid. Sending your tokens…',
  completed: 'Tokens received.',
  failed: 'The purchase failed.',
}

function OrderStatus({ order }: { order: OnRampOrderState }): JSX.Element {
  return (
    <div className="fy-stack" data-testid="onramp-status" data-status={order.status} role="status">
      <Text>
        {STATUS[order.status]} {formatDecimal(order.amount)} {order.currency}
      </Text>
      {order.reason && <Text variant="small">{order.reason}</Text>}
      {order.balance !== undefined && (
        <Text variant="small" testId="onramp-balance">
          New balance: {formatAmount(order.balance)} {order.currency}
        </Text>
      )}
      {!['completed', 'failed'].includes(order.status) && <Spinner size={20} label="Following the order" />}
    </div>
  )
}

/** The OnRampProviders view. */
export function OnRampProvidersView({ kernel }: { kernel: Kernel }): JSX.Element {
  // the labels' ids, unique per mounted view (two modals on a page must not share them)
  const ids = useId()
  const o = useSelect(kernel, onrampOf)
  const token = useSelect(kernel, (s) => o.token ?? defaultToken(s))
  const limit = useSelect(kernel, chosenLimit)
  const loading = useSelect(kernel, (s) => isPending(s, 'onramp/fetchOptions') && !onrampOf(s).offer)
  const failed = useSelect(kernel, (s) => requestError(s, 'onramp/fetchOptions')?.message)
  const opening = useSelect(kernel, (s) => requestError(s, 'onramp/openProvider')?.message)
  const push = (view: string) => quiet(() => kernel.request('router/push', { view }))
  if (failed)
    return (
      <p style={errorStyle} role="alert" data-testid="onramp-error">
        {failed}
      </p>
    )
  if (loading || !o.offer) return <Spinner label="Loading providers" />
  const quote = o.quotes[0]
  return (
    <div className="fy-stack">
      <div style={row}>
        <div className="fy-stack" style={field}>
          <span className="fy-text fy-text-small" id={`${ids}-token`}>
            Token to buy
          </span>
          <Button
            variant="secondary"
            testId="onramp-token-button"
            aria-labelledby={`${ids}-token ${ids}-token-value`}
            onClick={() => push('OnRampTokenSelect')}
          >
            <span id={`${ids}-token-value`}>{token}</span>
          </Button>
        </div>
        <div className="fy-stack" style={field}>
          <span className="fy-text fy-text-small" id={`${ids}-fiat`}>
            Pay in
          </span>
          <Button
            variant="secondary"
            testId="onramp-fiat-button"
            aria-labelledby={`${ids}-fiat ${ids}-fiat-value`}
            onClick={() => push('OnRampFiatSelect')}
          >
            <span id={`${ids}-fiat-value`}>{o.fiat}</span>
          </Button>
        </div>
      </div>
      <div className="fy-stack" style={field}>
        <span className="fy-text fy-text-small" id={`${ids}-method`}>
          Payment method
        </span>
        <div style={row} role="radiogroup" aria-labelledby={`${ids}-method`}>
          {['card', 'bank'].map((m) => (
            <Button
              key={m}
              variant={o.method === m ? 'primary' : 'ghost'}
              size="sm"
              role="radio"
              aria-checked={o.method === m}
              testId={`onramp-method-${m}`}
              onClick={() => quiet(() => kernel.request('onramp/select', { kind: 'method', id: m }))}
            >
              {m === 'card' ? 'Card' : 'Bank'}
            </Button>
          ))}
        </div>
      </div>
      <label className="fy-stack" style={field}>
        <span className="fy-text fy-text-small">Amount</span>
        <input
          style={inputStyle}
          inputMode="decimal"
          placeholder={`Amount in ${o.fiat}`}
          data-testid="onramp-amount-input"
          defaultValue={o.amount}
          onInput={(e) => {
            const amount = normalizeDecimalInput(e.currentTarget.value)
            quiet(() => kernel.request('onramp/changeAmount', { amount }))
          }}
        />
      </label>
      {limit && (
        <Text variant="small" testId="onramp-limits">
          {formatFiat(toCents(limit.min)!)} – {formatFiat(toCents(limit.max)!)} {o.fiat} by {limit.id}
        </Text>
      )}
      {o.limitError && (
        <p className="fy-text fy-text-small" style={errorStyle} role="alert" data-testid="onramp-limit-error">
          {o.limitError}
        </p>
      )}
      <div data-testid="onramp-quote" data-loading={o.quoteLoading} data-amount={quote?.purchaseAmount.amount ?? ''}>
        {o.quoteLoading && <Spinner size={20} label="Getting a quote" />}
        {quote && !o.quoteLoading && (
          <Text>
            You get {formatDecimal(quote.purchaseAmount.amount)} {quote.purchaseAmount.currency} · fee{' '}
            {formatDecimal(quote.fee.amount)} {quote.fee.currency}
          </Text>
        )}
        {o.quoteError && (
          <p style={errorStyle} role="alert">
            {o.quoteError}
          </p>
        )}
      </div>
      {o.offer.providers.map((p) => (
        <ListItem
          key={p.id}
          testId={`onramp-provider-${p.id}`}
          label={p.name}
          description={`Fee ${formatTokenAmount(BigInt(p.feeBps), 2)} %`}
          disabled={!o.quotes.some((q) => q.serviceProvider === p.id)}
          onClick={() => quiet(() => kernel.request('onramp/openProvider', { provider: p.id }))}
        />
      ))}
      {o.offer.providers.length === 0 && <Text variant="muted">No on-ramp provider serves this network.</Text>}
      {opening && (
        <p style={errorStyle} role="alert">
          {opening}
        </p>
      )}
      {o.order && <OrderStatus order={o.order} />}
    </div>
  )
}
