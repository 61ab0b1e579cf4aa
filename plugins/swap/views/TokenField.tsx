// One side of the swap form: the amount field, the token button that opens the picker, and the balance held.
import type { JSX } from 'react'
import { Avatar, formatTokenAmount, normalizeDecimalInput, Text } from '../../../shell/ui/index.js'
import type { SwapSide, SwapToken } from '../swap.state.js'

/** Props of {@link TokenField}. */
export interface TokenFieldProps {
  side: SwapSide
  token?: SwapToken
  /** The field's text: what the visitor typed, or the quote's amount for the other field. */
  value: string
  balance?: string
  /** The quote for this field is on its way. */
  loading: boolean
  onAmount(value: string): void
  onPick(): void
}

const fieldStyle = {
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
  padding: 12,
  borderRadius: 16,
  background: 'var(--fy-surface)',
} as const
const inputStyle = {
  flex: 1,
  minWidth: 0,
  border: 0,
  background: 'transparent',
  color: 'var(--fy-text)',
  font: 'inherit',
  fontSize: 24,
  fontWeight: 600,
  outline: 'none',
} as const

/** A token amount field with its token button. */
export function TokenField({ side, token, value, balance, loading, onAmount, onPick }: TokenFieldProps): JSX.Element {
  const label = side === 'from' ? 'You pay' : 'You receive'
  return (
    <div style={fieldStyle}>
      <Text variant="small">{label}</Text>
      <div className="fy-row" style={{ justifyContent: 'space-between', flexWrap: 'nowrap' }}>
        <input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={loading ? '…' : '0'}
          aria-label={`${label} amount`}
          aria-busy={loading || undefined}
          data-testid={`swap-${side}-amount`}
          style={inputStyle}
          value={value}
          onChange={(e) => onAmount(normalizeDecimalInput(e.target.value))}
        />
        <button type="button" className="fy-chip" data-testid={`swap-${side}-token`} onClick={onPick}>
          {token ? <Avatar src={token.logoUri || undefined} seed={token.address} size={20} /> : null}
          <span>{token?.symbol ?? 'Select token'}</span>
        </button>
      </div>
      {token && balance !== undefined ? (
        <Text
          variant="small"
          testId={`swap-${side}-balance`}
        >{`Balance: ${formatTokenAmount(balance, token.decimals, 6)} ${token.symbol}`}</Text>
      ) : null}
    </div>
  )
}
