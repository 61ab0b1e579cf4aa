// What the current quote says: the rate, the price impact (a warning from 3 %), the least received or most sold at the
// 1 % slippage tolerance, and the network fee.
import type { JSX } from 'react'
import { formatDecimal, formatTokenAmount, formatUsd, Text } from '../../../shell/ui/index.js'
import type { SwapQuote, SwapToken } from '../swap.state.js'

/** Props of {@link QuoteDetails}. */
export interface QuoteDetailsProps {
  quote: SwapQuote
  from: SwapToken
  to: SwapToken
  nativeSymbol: string
  warning: boolean
}

const row = { display: 'flex', justifyContent: 'space-between', gap: 8 } as const

/** The details of a quote. */
export function QuoteDetails({ quote, from, to, nativeSymbol, warning }: QuoteDetailsProps): JSX.Element {
  // the price of one `from` token in `to` units, in bigint
  const rate = (BigInt(quote.toAmount) * 10n ** BigInt(from.decimals)) / BigInt(quote.fromAmount)
  const bound = quote.minimumReceived
    ? ['Minimum received', `${formatTokenAmount(quote.minimumReceived, to.decimals, 6)} ${to.symbol}`]
    : ['Maximum sold', `${formatTokenAmount(quote.maximumSold ?? quote.fromAmount, from.decimals, 6)} ${from.symbol}`]
  return (
    <div className="fy-stack" data-testid="swap-quote" style={{ padding: '4px 4px 0', gap: 4 }}>
      <div style={row}>
        <Text variant="small">Rate</Text>
        <Text variant="small">{`1 ${from.symbol} ≈ ${formatTokenAmount(rate, to.decimals, 6)} ${to.symbol}`}</Text>
      </div>
      <div style={row}>
        <Text variant="small">Price impact</Text>
        <span
          className="fy-text fy-text-small"
          data-testid="swap-price-impact"
          data-warning={warning || undefined}
          role={warning ? 'alert' : undefined}
          style={warning ? { color: 'var(--fy-error)', fontWeight: 600 } : undefined}
        >
          {warning
            ? `High price impact: ${formatDecimal(quote.priceImpact)} %`
            : `${formatDecimal(quote.priceImpact)} %`}
        </span>
      </div>
      <div style={row}>
        <Text variant="small">{bound[0]}</Text>
        <Text variant="small">{bound[1]}</Text>
      </div>
      <div style={row}>
        <Text variant="small">Network fee</Text>
        <Text variant="small" testId="swap-network-fee">
          {quote.networkFee
            ? `${formatTokenAmount(quote.networkFee.fee, 18, 6)} ${nativeSymbol} (${quote.networkFee.feeUsd === null ? '–' : `$${formatUsd(quote.networkFee.feeUsd.toFixed(2))}`})`
            : '–'}
        </Text>
      </div>
      <div style={row}>
        <Text variant="small">Slippage tolerance</Text>
        <Text variant="small">{`${formatDecimal(String(quote.slippage))} %`}</Text>
      </div>
    </div>
  )
}
