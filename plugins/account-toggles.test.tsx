// SPEC §6 toggles of the Account view's sections: send, receive, on-ramp (its Buy action) and activity (its tab) show
// with the product's defaults and each goes away alone when the host turns it off in `features`.
import { afterEach, describe, expect, it } from 'vitest'
import { AccountView } from '../shell/modal/views/AccountView.js'
import { byTestId, cleanup, render, testFoyer } from '../shell/testing.js'

afterEach(cleanup)

const address = '0x1234567890abcdef1234567890abcdef1234abcd'
const sections = {
  send: 'account-action-send',
  receive: 'account-action-receive',
  onramp: 'account-action-onramp',
  activity: 'account-tab-activity',
} as const

/** The Account sections a connected EVM visitor sees with `features`. */
async function shown(features: Record<string, boolean>): Promise<string[]> {
  await cleanup()
  const foyer = testFoyer({ features })
  foyer.kernel.emit('wallet/connected', {
    namespace: 'eip155',
    caipAddress: `eip155:1:${address}`,
    connectorId: 'injected',
  })
  await render(<AccountView kernel={foyer.kernel} />)
  return Object.entries(sections)
    .filter(([, testId]) => byTestId(testId))
    .map(([toggle]) => toggle)
}

describe('Account section toggles (SPEC §6)', () => {
  it('shows send, receive, the on-ramp and activity by default', async () => {
    expect(await shown({})).toEqual(['send', 'receive', 'onramp', 'activity'])
  })

  it.each(Object.keys(sections))('hides %s alone when the host turns it off', async (toggle) => {
    const rest = Object.keys(sections).filter((t) => t !== toggle)
    expect(await shown({ [toggle]: false })).toEqual(rest)
  })
})
