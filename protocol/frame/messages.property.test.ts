// fast-check over both parsers of the frame protocol: whatever arrives, they answer a message or undefined and never
// throw; every well-formed message survives parsing unchanged.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AppRequestKinds, parseAppMessage, parseFrameMessage, requestType, successType, errorType } from './messages.js'

const RUNS = 2000
const id = fc.string({ minLength: 1, maxLength: 64 })
const near = (types: string[]) =>
  fc.record(
    {
      type: fc.oneof(fc.constantFrom(...types), fc.string()),
      id: fc.oneof(id, fc.anything()),
      payload: fc.anything({
        withNullPrototype: true,
        withBigInt: true,
        withDate: true,
        withMap: true,
        withSet: true,
        withTypedArray: true,
      }),
    },
    { requiredKeys: [] },
  )

describe('frame protocol parsers', () => {
  it(`never throw on arbitrary input (${RUNS} runs each side)`, () => {
    const appTypes = AppRequestKinds.map((k) => requestType(k))
    const frameTypes = [
      ...AppRequestKinds.flatMap((k) => [successType(k), errorType(k)]),
      '@foyer-frame/READY',
      '@foyer-frame/UNVERIFIED_DOMAIN',
    ]
    fc.assert(
      fc.property(
        fc.oneof(fc.anything({ withBigInt: true, withNullPrototype: true }), near(appTypes), near(frameTypes)),
        (data) => {
          parseAppMessage(data)
          parseFrameMessage(data)
        },
      ),
      { numRuns: RUNS },
    )
  })

  it('accepts well-formed requests and answers unchanged', () => {
    const email = fc.emailAddress()
    const otp = fc.stringMatching(/^\d{6}$/)
    fc.assert(
      fc.property(id, email, otp, (i, e, o) => {
        const a = { type: '@foyer-app/CONNECT_EMAIL', id: i, payload: { email: e } }
        const b = {
          type: '@foyer-app/CONNECT_OTP',
          id: i,
          payload: { otp: o, caipNetworkId: 'eip155:1', accountType: 'eoa' },
        }
        const c = {
          type: '@foyer-frame/CONNECT_OTP_ERROR',
          id: i,
          payload: { message: 'Wrong code. 4 tries left.', code: 'wrong_code' },
        }
        expect(parseAppMessage(a)).toEqual(a)
        expect(parseAppMessage(b)).toEqual(b)
        expect(parseFrameMessage(c)).toEqual(c)
      }),
      { numRuns: 300 },
    )
  })

  it('refuses near misses: extra keys, wrong direction, bad payloads, unknown kinds', () => {
    const ok = { type: '@foyer-app/SIGN_OUT', id: '1', payload: {} }
    expect(parseAppMessage(ok)).toEqual(ok)
    expect(parseAppMessage({ ...ok, extra: 1 })).toBeUndefined()
    expect(parseFrameMessage(ok)).toBeUndefined()
    expect(parseAppMessage({ ...ok, type: '@foyer-app/APPROVE' })).toBeUndefined()
    expect(parseAppMessage({ ...ok, type: '@foyer-app/toString' })).toBeUndefined()
    expect(parseAppMessage({ ...ok, type: '@foyer-app/__proto__' })).toBeUndefined()
    expect(parseAppMessage({ type: '@foyer-app/CONNECT_OTP', id: '1', payload: { otp: '12345' } })).toBeUndefined()
    expect(
      parseAppMessage({
        type: '@foyer-app/RPC_REQUEST',
        id: '1',
        payload: { namespace: 'eip155', caipNetworkId: 'eip155:1', method: 'eth_x', params: [1n] },
      }),
    ).toBeUndefined()
    expect(
      parseFrameMessage({ type: '@foyer-frame/GET_USER_SUCCESS', id: '1', payload: { address: '0x1' } }),
    ).toBeUndefined()
    expect(parseFrameMessage({ type: '@foyer-frame/READY', id: '', payload: {} })).toBeUndefined()
    expect(parseFrameMessage(Object.create({ type: '@foyer-frame/READY', id: '1', payload: {} }))).toBeUndefined()
  })
})
