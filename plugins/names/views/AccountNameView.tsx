// The name line of Account (an inline Account header entry): when the EVM account has no name yet, a way to choose
// one (SPEC §2 RegisterAccountName). Nothing on testnets, where names are not looked up (SPEC §5).
import type { JSX } from 'react'
import { accountProfile, activeNetwork, type Kernel } from '../../../kernel/index.js'
import { Button, useSelect } from '../../../shell/ui/index.js'

/** The AccountName view. */
export function AccountNameView({ kernel }: { kernel: Kernel }): JSX.Element | null {
  const named = useSelect(kernel, (s) => !!accountProfile(s)?.name)
  const testnet = useSelect(kernel, (s) => !!activeNetwork(s)?.testnet)
  if (named || testnet) return null
  return (
    <Button
      variant="ghost"
      size="sm"
      icon="user"
      testId="account-choose-name"
      onClick={() => kernel.request('router/push', { view: 'RegisterAccountName' }).catch(() => undefined)}
    >
      Choose a name
    </Button>
  )
}
