import { describe, expect, it } from 'vitest'
import { allNetworks, toNetworkInfo } from '../../plugins/namespaces/networks.js'
import { FoyerError } from '../errors.js'
import { checkNetwork, NetworkError, networkProblem, withNetworkImage } from './networks.js'

const op = { caipNetworkId: 'eip155:10', name: 'OP Mainnet', chainNamespace: 'eip155', nativeSymbol: 'ETH' }

describe('the network check (start and run time alike)', () => {
  it('accepts every network Foyer ships', () => {
    for (const n of allNetworks) expect(networkProblem(toNetworkInfo(n)), n.name).toBeUndefined()
  })

  it('says what is wrong with a bad one', () => {
    expect(networkProblem(null)).toBe('a network must be an object')
    expect(networkProblem({ ...op, caipNetworkId: 'cosmos:hub' })).toMatch(/not a CAIP-2 id/)
    expect(networkProblem({ ...op, caipNetworkId: 'eip155:01' })).toMatch(/not a CAIP-2 id/)
    expect(networkProblem({ ...op, chainNamespace: 'solana' })).toBe('eip155:10: chainNamespace must be "eip155"')
    expect(networkProblem({ ...op, nativeSymbol: '' })).toBe('eip155:10: a nativeSymbol is required')
    expect(() => checkNetwork({ ...op, name: 3 })).toThrow('Invalid network: eip155:10: a name is required')
  })

  it('refuses with a NetworkError coded INVALID_NETWORK (a CONFIGURATION error), as the host reads it', () => {
    let error: unknown
    try {
      checkNetwork({ ...op, chainNamespace: 'solana' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toBeInstanceOf(FoyerError)
    expect(error).toMatchObject({
      name: 'NetworkError',
      code: 'INVALID_NETWORK',
      category: 'CONFIGURATION',
      message: 'Invalid network: eip155:10: chainNamespace must be "eip155"',
    })
  })

  it('gives the host image first, then the network’s own, then the API logo', () => {
    expect(withNetworkImage(op as never, { chainImages: { 'eip155:10': 'https://x/op.png' } }).imageUrl).toBe(
      'https://x/op.png',
    )
    expect(withNetworkImage(op as never, { apiUrl: 'http://api/' }).imageUrl).toBe(
      'http://api/v1/icons/networks/eip155:10',
    )
    expect(withNetworkImage(op as never, {}).imageUrl).toBeUndefined()
  })
})
