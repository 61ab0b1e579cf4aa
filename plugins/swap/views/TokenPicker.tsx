// The token list of one side: the network's swap tokens (suggested and popular first, as the server orders them), each
// with the visitor's balance.
import type { JSX } from 'react'
import { Button, formatTokenAmount, ListItem, Text } from '../../../shell/ui/index.js'
import type { SwapSide, SwapToken } from '../swap.state.js'

/** Props of {@link TokenPicker}. */
export interface TokenPickerProps {
  side: SwapSide
  tokens: SwapToken[]
  balances: Record<string, string>
  selected?: string
  onSelect(address: string): void
  onClose(): void
}

/** The list a token is picked from. */
export function TokenPicker({ side, tokens, balances, selected, onSelect, onClose }: TokenPickerProps): JSX.Element {
  return (
    <div className="fy-stack" role="listbox" aria-label={side === 'from' ? 'Token to pay' : 'Token to receive'}>
      <Text variant="small">{side === 'from' ? 'Select the token to pay with' : 'Select the token to receive'}</Text>
      {tokens.map((t) => {
        const balance = balances[t.address]
        return (
          <ListItem
            key={t.address}
            testId={`swap-token-item-${t.symbol}`}
            label={t.symbol}
            description={t.name}
            imageUrl={t.logoUri || undefined}
            imageSeed={t.address}
            selected={t.address === selected}
            end={balance === undefined ? undefined : <span>{formatTokenAmount(balance, t.decimals, 4)}</span>}
            onClick={() => onSelect(t.address)}
          />
        )
      })}
      <Button variant="ghost" testId="swap-picker-close" onClick={onClose}>
        Cancel
      </Button>
    </div>
  )
}
