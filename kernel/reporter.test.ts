// Error wrapping and reporting: a category on every error, at most 5 reports per 60 s (SPEC §8/§9).
import { describe, expect, it } from 'vitest'
import {
  createErrorReporter,
  createFakeClock,
  ErrorMessages,
  FoyerError,
  isUserRejection,
  serializeError,
  UserRejectedError,
  WalletErrorCodes,
  type ErrorReport,
} from './index.js'
import { createTestKernel, recordEvents } from './testing/test-kernel.js'

describe('error reporter', () => {
  it('wraps anything with a category and sends errorType, errorMessage, stackTrace', () => {
    const sent: ErrorReport[] = []
    const r = createErrorReporter({ send: (x) => sent.push(x), clock: createFakeClock() })
    const { error, sent: ok } = r.report(new TypeError('bad'), 'NETWORK')
    expect(ok).toBe(true)
    expect(error).toBeInstanceOf(FoyerError)
    expect(error.category).toBe('NETWORK')
    expect(error.cause).toBeInstanceOf(TypeError)
    expect(sent[0]).toMatchObject({ errorType: 'NETWORK', errorMessage: 'bad' })
    expect(sent[0].stackTrace).toContain('TypeError')
    expect(r.report('plain string').error).toMatchObject({ message: 'plain string', category: 'INTERNAL_SDK_ERROR' })
    const own = FoyerError.of('disconnectFailed')
    expect(r.report(own).error).toBe(own)
    expect(own.message).toBe(ErrorMessages.disconnectFailed)
  })

  it('sends at most 5 per 60 s window', () => {
    const sent: ErrorReport[] = []
    const clock = createFakeClock()
    const r = createErrorReporter({ send: (x) => sent.push(x), clock })
    const results = Array.from({ length: 7 }, (_, i) => {
      clock.advance(1000)
      return r.report(new Error(`e${i}`)).sent
    })
    expect(results).toEqual([true, true, true, true, true, false, false])
    clock.advance(60_000 - 6000) // the first report (t=1000) leaves the window at t=61000
    expect(r.report(new Error('later')).sent).toBe(true)
    expect(r.report(new Error('later2')).sent).toBe(false)
    expect(sent).toHaveLength(6)
  })

  it('never sends a user rejection', () => {
    const sent: ErrorReport[] = []
    const r = createErrorReporter({ send: (x) => sent.push(x), clock: createFakeClock() })
    expect(r.report(new UserRejectedError())).toMatchObject({ sent: false, error: { category: 'USER_REJECTED' } })
    expect(r.report({ code: 4001, message: 'nope' }).sent).toBe(false)
    expect(sent).toEqual([])
  })

  it('a throwing sink does not fail the caller', () => {
    const r = createErrorReporter({
      send: () => {
        throw new Error('sink down')
      },
      clock: createFakeClock(),
    })
    expect(() => r.report(new Error('x'))).not.toThrow()
  })

  it('kernel.reportError emits error/reported with a serialized error and throttles sends', () => {
    const sent: ErrorReport[] = []
    const k = createTestKernel({ sendErrorReport: (x) => sent.push(x) })
    const seen = recordEvents(k)
    for (let i = 0; i < 8; i++) k.reportError(new Error(`e${i}`), 'WALLET')
    expect(sent).toHaveLength(5)
    expect(seen.filter((e) => e.type === 'error/reported')).toHaveLength(8)
    expect(seen[0].payload).toEqual({
      error: { name: 'FoyerError', message: 'e0', code: 'FOYER_ERROR', category: 'WALLET' },
    })
    k.dispose()
  })
})

describe('errors', () => {
  it('recognises user rejection through causes and codes', () => {
    expect(isUserRejection(new UserRejectedError())).toBe(true)
    expect(isUserRejection({ code: WalletErrorCodes.userRejected })).toBe(true)
    expect(isUserRejection(new FoyerError('x', { cause: { name: 'UserRejectedRequestError' } }))).toBe(true)
    expect(isUserRejection(new Error('x'))).toBe(false)
    expect(isUserRejection(null)).toBe(false)
  })

  it('serializes anything thrown into plain data', () => {
    expect(serializeError(FoyerError.of('disconnectChainsFailed', { reason: 'timeout' }))).toEqual({
      name: 'FoyerError',
      message: 'Failed to disconnect chains: timeout',
      code: 'disconnectChainsFailed',
      category: 'INTERNAL_SDK_ERROR',
    })
    expect(serializeError(Object.assign(new Error('rpc'), { code: -32603 }))).toEqual({
      name: 'Error',
      message: 'rpc',
      code: -32603,
    })
    expect(serializeError('s')).toEqual({ name: 'Error', message: 's' })
    expect(serializeError({})).toEqual({ name: 'Error', message: 'Unknown error' })
  })
})
