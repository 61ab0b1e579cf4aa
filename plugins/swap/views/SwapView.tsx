// Swap: pay with one token, receive another, the amount typed in either field; the live quote for exactly what is on
// screen (never an older one), its price impact, bound and network fee; then approve and swap — one button, one wallet
// prompt, when the wallet batches. Work happens in the plugin's requests; this view shows state and sends intents.
import { useSignals } from '@preact/signals-react/runtime'
import { useState, type JSX } from 'react'
import { activeNetwork, isConnected, isPending, type Kernel } from '../../../kernel/index.js'
import { Button, EmptyState, formatTokenAmount, Icon, Spinner, Text, useSelect } from '../../../shell/ui/index.js'
import { blockingIssue, formIssue, highPriceImpact } from '../swap.issues.js'
import { currentQuote, quotedText, swapOf, tokenOf, type SwapSide } from '../swap.state.js'
import { QuoteDetails } from './QuoteDetails.js'
import { TokenField } from './TokenField.js'
import { TokenPicker } from './TokenPicker.js'

const ignore = () => undefined

/** The Swap view. */
export function SwapView({ kernel }: { kernel: Kernel }): JSX.Element {
  useSignals()
  const s = useSelect(kernel, swapOf)
  const connected = useSelect(kernel, isConnected)
  const network = useSelect(kernel, activeNetwork)
  const issue = useSelect(kernel, formIssue)
  const blocked = useSelect(kernel, (st) => !!blockingIssue(st))
  const warning = useSelect(kernel, highPriceImpact)
  const approving = useSelect(kernel, (st) => isPending(st, 'swap/approve'))
  const swapping = useSelect(kernel, (st) => isPending(st, 'swap/execute'))
  const [picker, setPicker] = useState<SwapSide>()
  const quote = currentQuote(s)
  const from = tokenOf(s, s.from)
  const to = tokenOf(s, s.to)

  if (!connected) return <EmptyState icon="wallet" title="Connect a wallet to swap" />
  if (s.unsupported || s.tokensStatus !== 'ready')
    return (
      <div className="fy-stack">
        {issue ? (
          <Text variant="body" testId="swap-error">
            {issue.message}
          </Text>
        ) : s.tokensStatus === 'error' ? (
          <Text variant="body" testId="swap-error">
            Swap tokens could not be loaded.
          </Text>
        ) : (
          <div className="fy-slot-loading">
            <Spinner size={24} label="Loading tokens" />
          </div>
        )}
      </div>
    )

  if (picker)
    return (
      <TokenPicker
        side={picker}
        tokens={s.tokens}
        balances={s.balances}
        selected={picker === 'from' ? s.from : s.to}
        onClose={() => setPicker(undefined)}
        onSelect={(address) => {
          kernel.request('swap/selectToken', { side: picker, address }).catch(ignore)
          setPicker(undefined)
        }}
      />
    )

  const complete = !!from && !!to && s.amount !== '' && !blocked
  const waiting = complete && !quote
  const field = (side: SwapSide) => (side === s.side ? s.amount : quotedText(s, side))
  const enter = (side: SwapSide) => (value: string) =>
    void kernel.request('swap/enterAmount', { side, value }).catch(ignore)
  const needsApproval = !!quote?.approvalRequired && !s.batches
  const busy = approving || swapping
  const label = s.step === 'approving' ? 'Approving…' : s.step === 'swapping' ? 'Swapping…' : undefined

  return (
    <div className="fy-stack">
      <TokenField
        side="from"
        token={from}
        value={field('from')}
        balance={from && s.balances[from.address]}
        loading={waiting && s.side === 'to'}
        onAmount={enter('from')}
        onPick={() => setPicker('from')}
      />
      <button
        type="button"
        className="fy-icon-btn"
        style={{ alignSelf: 'center', marginBlock: -6 }}
        aria-label="Switch tokens"
        data-testid="swap-switch-tokens"
        onClick={() => void kernel.request('swap/switchTokens').catch(ignore)}
      >
        <Icon name="swap" size={20} />
      </button>
      <TokenField
        side="to"
        token={to}
        value={field('to')}
        balance={to && s.balances[to.address]}
        loading={waiting && s.side === 'from'}
        onAmount={enter('to')}
        onPick={() => setPicker('to')}
      />
      {quote && from && to ? (
        <QuoteDetails
          quote={quote}
          from={from}
          to={to}
          nativeSymbol={network?.nativeSymbol ?? 'ETH'}
          warning={warning}
        />
      ) : waiting ? (
        <div className="fy-row" data-testid="swap-quote-loading">
          <Spinner size={16} />
          <Text variant="small">Fetching the best price…</Text>
        </div>
      ) : null}
      {issue ? (
        <Text variant="small" testId="swap-error">
          <span role="alert">{issue.message}</span>
        </Text>
      ) : null}
      {s.success ? (
        <Text variant="small" testId="swap-success">
          {`Swapped ${formatTokenAmount(s.success.fromAmount, s.success.fromDecimals, 6)} ${s.success.fromSymbol} for ${formatTokenAmount(s.success.toAmount, s.success.toDecimals, 6)} ${s.success.toSymbol}`}
        </Text>
      ) : null}
      {needsApproval ? (
        <Button
          testId="swap-approve-button"
          loading={approving}
          disabled={busy || !quote || blocked}
          onClick={() => void kernel.request('swap/approve').catch(ignore)}
        >
          {approving ? (label ?? 'Approving…') : `Approve ${from?.symbol ?? ''}`}
        </Button>
      ) : null}
      <Button
        testId="swap-button"
        size="lg"
        loading={swapping}
        disabled={busy || !quote || blocked || needsApproval}
        onClick={() => void kernel.request('swap/execute').catch(ignore)}
      >
        {swapping
          ? (label ?? 'Swapping…')
          : !to
            ? 'Select a token'
            : quote?.approvalRequired
              ? `Approve ${from?.symbol ?? ''} and swap`
              : 'Swap'}
      </Button>
    </div>
  )
}
