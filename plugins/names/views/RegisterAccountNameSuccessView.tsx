// RegisterAccountNameSuccess (SPEC §2/§4): the name is registered and now shows on the account.
import type { JSX } from 'react'
import type { Kernel } from '../../../kernel/index.js'
import { Button, Icon, Text } from '../../../shell/ui/index.js'

/** The RegisterAccountNameSuccess view; its route data carries the registered name. */
export function RegisterAccountNameSuccessView({ kernel, data }: { kernel: Kernel; data?: unknown }): JSX.Element {
  const name = (data as { name?: unknown } | undefined)?.name
  return (
    <div className="fy-empty">
      <span className="fy-empty-icon">
        <Icon name="check" size={24} />
      </span>
      <Text variant="title" testId="name-registered">
        {typeof name === 'string' ? name : 'Name registered'}
      </Text>
      <Text variant="muted">Your name is registered. People can now use it instead of your address.</Text>
      <Button
        testId="name-success-done"
        onClick={() => kernel.request('router/reset', { view: 'Account' }).catch(() => undefined)}
      >
        Back to account
      </Button>
    </div>
  )
}
