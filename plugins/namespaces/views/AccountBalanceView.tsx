// The AccountBalance slot of Account: the native balance (3 decimals, truncated; testnets 0.00).
import { useEffect, type JSX } from 'react'
import { activeCaipAddress, type Kernel } from '../../../kernel/index.js'
import { Spinner, Text, useSelect } from '../../../shell/ui/index.js'

/** The AccountBalance slot view. */
export function AccountBalanceView({ kernel }: { kernel: Kernel }): JSX.Element | null {
  const caipAddress = useSelect(kernel, activeCaipAddress)
  const balance = useSelect(kernel, (s) => s.namespaces.balance)
  const current = balance && balance.caipAddress === caipAddress
  useEffect(() => {
    if (caipAddress && !current) kernel.request('account/fetchBalance').catch(() => undefined)
  }, [kernel, caipAddress, current])
  if (!caipAddress) return null
  if (!current) return <Spinner size={18} label="Loading balance" />
  return (
    <Text variant="body" className="fy-strong" testId="account-balance">{`${balance.value} ${balance.symbol}`}</Text>
  )
}
