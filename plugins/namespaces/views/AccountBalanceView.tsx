// The balance line of Account: the native balance (3 decimals, truncated, grouped in the visitor's locale; testnets 0.00), a spinner while it loads,
// nothing for chains without a lookup (Bitcoin, networks not configured), and a retry after a failure. The lookup
// itself is started by the plugin's reactions (connect, account or network change, opening the modal), never here.
import type { JSX } from 'react'
import { activeCaipAddress, type Kernel } from '../../../kernel/index.js'
import { Button, formatDecimal, Spinner, Text, useSelect } from '../../../shell/ui/index.js'
import { namespacesOf } from '../namespaces.state.js'

/** The AccountBalance view (an inline Account header entry). */
export function AccountBalanceView({ kernel }: { kernel: Kernel }): JSX.Element | null {
  const caipAddress = useSelect(kernel, activeCaipAddress)
  const balance = useSelect(kernel, (s) => namespacesOf(s).balance)
  const current = balance?.caipAddress === caipAddress ? balance : undefined
  if (!caipAddress || !current || current.status === 'unavailable') return null
  if (current.status === 'loading') return <Spinner size={18} label="Loading balance" />
  if (current.status === 'failed') {
    return (
      <div className="fy-row" data-testid="account-balance-failed">
        <Text variant="small">Balance unavailable</Text>
        <Button
          variant="ghost"
          size="sm"
          testId="account-balance-retry"
          onClick={() => kernel.request('account/fetchBalance').catch(() => undefined)}
        >
          Retry
        </Button>
      </div>
    )
  }
  return (
    <Text
      variant="body"
      className="fy-strong"
      testId="account-balance"
    >{`${formatDecimal(current.value ?? '')} ${current.symbol}`}</Text>
  )
}
