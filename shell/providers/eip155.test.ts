// The EIP-1193 provider over a Foyer whose kernel answers the wallet requests: methods map to the right request with
// the right input, events follow state changes, and failures carry EIP-1193 codes. (The browser test runs it for real.)
import { describe, expect, it, vi } from 'vitest'
import type { Foyer } from '../createFoyer.js'
import { createEip155Provider } from './eip155.js'

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

function fakeFoyer(answer: (name: string, input: any) => unknown = () => null) {
  let state: any = {
    account: { namespaces: {}, activeCaipNetworkId: 'eip155:1' },
    config: { networks: [{ caipNetworkId: 'eip155:1' }, { caipNetworkId: 'eip155:8453' }] },
  }
  const listeners = new Set<(s: any) => void>()
  const calls: Array<[string, unknown]> = []
  const set = (next: any) => {
    state = { ...state, account: { ...state.account, ...next } }
    for (const fn of listeners) fn(state)
  }
  const foyer = {
    getState: () => state,
    subscribeState: (fn: (s: any) => void) => (listeners.add(fn), () => listeners.delete(fn)),
    kernel: { request: async (name: string, input: unknown) => (calls.push([name, input]), answer(name, input)) },
    connect: vi.fn(async () =>
      set({ namespaces: { eip155: { status: 'connected', caipAddress: `eip155:1:${ADDRESS}` } } }),
    ),
    switchNetwork: vi.fn(async (id: string) => set({ activeCaipNetworkId: id })),
  } as unknown as Foyer
  return { foyer, calls, set }
}

describe('getProvider("eip155")', () => {
  it('asks Foyer to connect on eth_requestAccounts and reports accounts and chain', async () => {
    const { foyer } = fakeFoyer()
    const p = createEip155Provider(foyer)
    expect(await p.request({ method: 'eth_accounts' })).toEqual([])
    expect(await p.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS])
    expect(foyer.connect).toHaveBeenCalledWith({ namespace: 'eip155' })
    expect(await p.request({ method: 'eth_chainId' })).toBe('0x1')
  })

  it('maps wallet methods to wallet requests and everything else to chain/read', async () => {
    const { foyer, calls, set } = fakeFoyer((name) =>
      name === 'wallet/sendTransaction'
        ? { hash: '0xabc' }
        : name === 'wallet/signMessage'
          ? { signature: '0x5' }
          : '0x10',
    )
    set({ namespaces: { eip155: { status: 'connected', caipAddress: `eip155:1:${ADDRESS}` } } })
    const p = createEip155Provider(foyer)
    const tx = { from: ADDRESS, to: ADDRESS, value: '0x2386f26fc10000', data: '0x' }
    expect(await p.request({ method: 'eth_sendTransaction', params: [tx] })).toBe('0xabc')
    expect(calls.at(-1)).toEqual([
      'wallet/sendTransaction',
      { to: ADDRESS, value: '10000000000000000', caipNetworkId: 'eip155:1' },
    ])
    // personal_sign's hex message is signed as the UTF-8 text it encodes
    expect(await p.request({ method: 'personal_sign', params: ['0x6869', ADDRESS] })).toBe('0x5')
    expect(calls.at(-1)).toEqual(['wallet/signMessage', { message: 'hi', namespace: 'eip155' }])
    expect(await p.request({ method: 'eth_blockNumber' })).toBe('0x10')
    expect(calls.at(-1)).toEqual(['chain/read', { caipNetworkId: 'eip155:1', method: 'eth_blockNumber', params: [] }])
  })

  it('emits accountsChanged, chainChanged and disconnect as Foyer changes', async () => {
    const { foyer, set } = fakeFoyer()
    const p = createEip155Provider(foyer)
    const seen: unknown[] = []
    p.on('accountsChanged', (a) => seen.push(['accounts', a]))
    p.on('chainChanged', (c) => seen.push(['chain', c]))
    p.on('disconnect', (e) => seen.push(['disconnect', e.code]))
    set({ namespaces: { eip155: { status: 'connected', caipAddress: `eip155:1:${ADDRESS}` } } })
    await p.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] })
    set({ namespaces: { eip155: { status: 'disconnected' } } })
    expect(seen).toEqual([
      ['accounts', [ADDRESS]],
      ['chain', '0x2105'],
      ['accounts', []],
      ['disconnect', 4900],
    ])
  })

  it('refuses an unconfigured chain with 4902 and passes a wallet refusal on as 4001', async () => {
    const { foyer } = fakeFoyer(() => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    })
    const p = createEip155Provider(foyer)
    await expect(
      p.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] }),
    ).rejects.toMatchObject({
      code: 4902,
    })
    await expect(p.request({ method: 'personal_sign', params: ['hello', ADDRESS] })).rejects.toMatchObject({
      code: 4001,
    })
  })
})
