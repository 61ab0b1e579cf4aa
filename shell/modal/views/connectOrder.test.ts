import { describe, expect, it } from 'vitest'
import type { KernelState } from '../../../kernel/index.js'
import { connectSlotOrder } from './connectOrder.js'

const state = (features: Record<string, unknown>, connectors?: Array<{ type: string }>) =>
  ({ config: { features }, ...(connectors ? { namespaces: { connectors } } : {}) }) as unknown as KernelState

describe('connectSlotOrder', () => {
  it('is email, social, wallet by default', () => {
    expect(connectSlotOrder(state({}))).toEqual(['ConnectEmail', 'ConnectSocials', 'ConnectWallets'])
  })
  it('puts wallets first when an injected wallet is found', () => {
    expect(connectSlotOrder(state({}, [{ type: 'ANNOUNCED' }]))[0]).toBe('ConnectWallets')
    expect(connectSlotOrder(state({}, [{ type: 'WALLET_CONNECT' }]))[0]).toBe('ConnectEmail')
  })
  it("follows the host's connectMethodsOrder, appending what it left out", () => {
    expect(connectSlotOrder(state({ connectMethodsOrder: ['social', 'email'] }, [{ type: 'INJECTED' }]))).toEqual([
      'ConnectSocials',
      'ConnectEmail',
      'ConnectWallets',
    ])
  })
})
