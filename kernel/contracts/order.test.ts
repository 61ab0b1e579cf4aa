// SPEC §9 orders: Connect methods (email, social, wallet; wallet first when an injected wallet is found, unless the
// host set its own order) and the wallet feature order of the Account actions.
import { describe, expect, it } from 'vitest'
import type { KernelState } from '../types.js'
import { connectMethodOrder, sortBySpecOrder, WalletFeatureOrder } from './order.js'

const state = (types: string[], connectMethodsOrder?: string[]) =>
  ({
    connectors: { list: types.map((type, i) => ({ id: `c${i}`, type })) },
    config: { features: connectMethodsOrder ? { connectMethodsOrder } : {} },
  }) as unknown as KernelState

describe('Connect method order', () => {
  it('is email, social, wallet without an injected wallet (WalletConnect alone is not one)', () => {
    expect(connectMethodOrder(state([]))).toEqual(['email', 'social', 'wallet'])
    expect(connectMethodOrder(state(['WALLET_CONNECT', 'AUTH']))).toEqual(['email', 'social', 'wallet'])
  })

  it('puts wallet first when an injected or EIP-6963 announced wallet is found', () => {
    expect(connectMethodOrder(state(['WALLET_CONNECT', 'ANNOUNCED']))).toEqual(['wallet', 'email', 'social'])
    expect(connectMethodOrder(state(['INJECTED']))).toEqual(['wallet', 'email', 'social'])
  })

  it("keeps the host's own order even with an injected wallet; methods it left out follow", () => {
    expect(connectMethodOrder(state(['INJECTED'], ['social', 'email']))).toEqual(['social', 'email', 'wallet'])
  })
})

describe('wallet feature order', () => {
  it('sorts Account actions onramp, swaps, receive, send; others follow', () => {
    const entries = ['send', 'names', 'receive', 'swaps', 'onramp'].map((id) => ({ id }))
    expect(sortBySpecOrder(entries, WalletFeatureOrder).map((e) => e.id)).toEqual([
      'onramp',
      'swaps',
      'receive',
      'send',
      'names',
    ])
  })
})
