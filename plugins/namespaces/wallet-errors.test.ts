import { describe, expect, it } from 'vitest'
import { DisconnectedError, UnauthorizedError, UserRejectedError } from '../../kernel/index.js'
import { walletError } from './wallet-errors.js'

describe('walletError', () => {
  it('gives 4100 and 4900 their own errors on every namespace, whatever wraps them', () => {
    for (const ns of ['eip155', 'solana', 'bip122']) {
      expect(walletError(ns, { code: 4100, message: 'nope' })).toBeInstanceOf(UnauthorizedError)
      expect(walletError(ns, { code: 4900, message: 'gone' })).toBeInstanceOf(DisconnectedError)
      expect(walletError(ns, { data: { originalError: { code: 4900 } } })).toBeInstanceOf(DisconnectedError)
    }
    const e = walletError('eip155', Object.assign(new Error('x'), { code: 4100 }))
    expect(e).toMatchObject({ code: 4100, category: 'WALLET' })
    expect(walletError('eip155', { code: 4001 })).toBeInstanceOf(UserRejectedError)
    expect(walletError('eip155', { code: -32603, message: 'boom' })).toMatchObject({ message: 'boom', code: -32603 })
  })
})
