// The Tokens tab: the account's balances on the active network — amounts with 3 decimals truncated, dollar values
// and the total with 2 (the total is the sum of the rows as shown), "–" for a token no source prices. Loading is the
// plugin's (reactions and set-up); this view only shows the slice.
import type { JSX } from 'react'
import {
  activeCaipAddress,
  portfolioOf,
  sumDecimals,
  truncateDecimals,
  type Kernel,
  type KernelState,
  type TokenBalance,
} from '../../../kernel/index.js'
import {
  Button,
  EmptyState,
  formatAmount,
  formatDecimal,
  formatUsd,
  ListItem,
  Spinner,
  Text,
  useSelect,
} from '../../../shell/ui/index.js'

/** The dollar value of a row as shown (2 decimals, truncated), or undefined when the price is unknown. */
export const shownValue = (b: TokenBalance): string | undefined =>
  b.value === undefined ? undefined : truncateDecimals(b.value, 2)

/** The rows in display order: by value, unknown values last, then by symbol. */
export function sortBalances(items: readonly TokenBalance[]): TokenBalance[] {
  const cents = (b: TokenBalance) =>
    b.value === undefined ? -1n : BigInt(truncateDecimals(b.value, 2).replace('.', ''))
  return [...items].sort((a, b) => {
    const d = cents(b) - cents(a)
    return d > 0n ? 1 : d < 0n ? -1 : a.symbol.localeCompare(b.symbol)
  })
}

/** The total as shown: the sum of the shown row values; "–" when rows exist and none has a price. */
export function shownTotal(items: readonly TokenBalance[]): string {
  const values = items.map(shownValue).filter((v): v is string => v !== undefined)
  if (items.length > 0 && values.length === 0) return '–'
  return `$${formatUsd(sumDecimals(values))}`
}

const selectBalances = (caipAddress: string | undefined) => (s: KernelState) => {
  const p = portfolioOf(s)
  return p.caipAddress === caipAddress ? p.balances : undefined
}

/** The AccountTokens view. */
export function TokensView({ kernel }: { kernel: Kernel }): JSX.Element {
  const caipAddress = useSelect(kernel, activeCaipAddress)
  const list = useSelect(kernel, selectBalances(caipAddress))
  const testnet = useSelect(
    kernel,
    (s) => !!s.config.networks.find((n) => n.caipNetworkId === s.account.activeCaipNetworkId)?.testnet,
  )
  if (!list || list.status === 'idle' || list.status === 'loading') return <Spinner label="Loading tokens" />
  if (list.status === 'unavailable')
    return <EmptyState icon="info" title="No balances here" description="Balances are not looked up on this network." />
  if (list.status === 'failed')
    return (
      <EmptyState
        icon="info"
        title="Token Balance Unavailable"
        testId="tokens-failed"
        action={
          <Button
            variant="secondary"
            size="sm"
            testId="tokens-retry"
            onClick={() => void kernel.request('portfolio/fetchBalances').catch(() => undefined)}
          >
            Retry
          </Button>
        }
      />
    )
  const rows = sortBalances(list.items)
  return (
    <div className="fy-stack">
      <Text variant="title" className="fy-strong" testId="tokens-total">
        {shownTotal(rows)}
      </Text>
      {rows.length === 0 ? (
        <Text variant="muted">{testnet ? 'Balances are not looked up on test networks.' : 'No tokens yet.'}</Text>
      ) : null}
      {rows.map((b) => {
        const value = shownValue(b)
        const source = b.price
          ? `$${formatDecimal(b.price)} per ${b.symbol}, from ${b.priceSource ?? 'the server'}`
          : 'No price known'
        return (
          <ListItem
            key={b.address}
            testId={`token-item-${b.symbol}`}
            imageUrl={b.iconUrl}
            imageSeed={b.symbol}
            label={b.name}
            description={`${formatAmount(b.quantity)} ${b.symbol}`}
            end={
              <span className="fy-strong" title={source}>
                {value === undefined ? '–' : `$${formatUsd(value)}`}
              </span>
            }
          />
        )
      })}
    </div>
  )
}
