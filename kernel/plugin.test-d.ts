// Type tests of the plugin contract, as a third party's plugin sees it (`npm run typecheck` compiles this file; nothing
// runs): definePlugin's handlers and reducers typed from the request and event maps a plugin extends by declaration
// merging, ctx and kernel requests checked by name and input, and a request's named error type (RequestError).
import { assertType, expectTypeOf } from 'vitest'
import {
  AuthError,
  createKernel,
  defineManifest,
  definePlugin,
  FoyerError,
  NameServiceError,
  NetworkError,
  PaymentError,
  type AuthErrorCode,
  type FoyerEvent,
  type Kernel,
  type NameServiceErrorCode,
  type NetworkErrorCode,
  type PaymentErrorCode,
  type PaymentResult,
  type PluginManifest,
  type RequestError,
  type RequestInput,
  type RequestOutput,
} from './index.js'

/** The ways `typecheck/greet` fails, named as the pay contract names PaymentError's. */
class GreetError extends FoyerError {
  declare readonly code: 'NAME_REQUIRED' | 'NAME_TOO_LONG'
}

declare module './index.js' {
  interface EventMap {
    'typecheck/greeted': { name: string }
  }
  interface RequestMap {
    'typecheck/greet': { input: { name: string }; output: { count: number }; error: GreetError }
    'typecheck/reset': { input: void; output: void }
  }
  interface KernelState {
    typecheck?: { names: string[] }
  }
}

// A request's input, output and named error come from its RequestMap entry; one that names no error fails with a
// FoyerError.
expectTypeOf<RequestInput<'typecheck/greet'>>().toEqualTypeOf<{ name: string }>()
expectTypeOf<RequestOutput<'typecheck/greet'>>().toEqualTypeOf<{ count: number }>()
expectTypeOf<RequestError<'typecheck/greet'>>().toEqualTypeOf<GreetError>()
expectTypeOf<RequestError<'typecheck/greet'>['code']>().toEqualTypeOf<'NAME_REQUIRED' | 'NAME_TOO_LONG'>()
expectTypeOf<RequestError<'typecheck/reset'>>().toEqualTypeOf<FoyerError>()
expectTypeOf<RequestError<'pay/checkout'>>().toEqualTypeOf<PaymentError>()
expectTypeOf<PaymentError['code']>().toEqualTypeOf<PaymentErrorCode>()
expectTypeOf<RequestError<'names/resolve'>>().toEqualTypeOf<NameServiceError>()
expectTypeOf<RequestError<'names/reverse'>['code']>().toEqualTypeOf<NameServiceErrorCode>()
expectTypeOf<'PAYMENT_CANCELLED'>().toExtend<PaymentErrorCode>()
expectTypeOf<'NOT_A_PAYMENT_CODE'>().not.toExtend<PaymentErrorCode>()
expectTypeOf<PaymentError>().toExtend<FoyerError>()
// @ts-expect-error a PaymentError's code is one of its own
assertType(new PaymentError('UNKNOWN_CODE', 'x'))
// The embedded wallet's requests fail with AuthErrors (their own codes, or the code the wallet answered with), the
// network requests with NetworkErrors.
expectTypeOf<RequestError<'auth/connectOtp'>>().toEqualTypeOf<AuthError>()
expectTypeOf<RequestError<'auth/socialUri'>>().toEqualTypeOf<AuthError>()
expectTypeOf<'INVALID_OTP'>().toExtend<AuthErrorCode>()
expectTypeOf<'APKTW001'>().toExtend<AuthError['code']>()
expectTypeOf<RequestError<'networks/add'>>().toEqualTypeOf<NetworkError>()
expectTypeOf<RequestError<'networks/remove'>['code']>().toEqualTypeOf<NetworkErrorCode>()
expectTypeOf<'NOT_A_NETWORK_CODE'>().not.toExtend<NetworkErrorCode>()
// @ts-expect-error a NetworkError's code is one of its own
assertType(new NetworkError('UNKNOWN_CODE', 'x'))

export const plugin = definePlugin<{ names: string[] }>({
  id: 'typecheck',
  state: {
    init: () => ({ names: [] }),
    on: {
      'typecheck/greeted': (slice, payload, event) => {
        expectTypeOf(payload).toEqualTypeOf<{ name: string }>()
        expectTypeOf(event).toEqualTypeOf<FoyerEvent<'typecheck/greeted'>>()
        slice.names.push(payload.name)
      },
    },
  },
  handlers: {
    async 'typecheck/greet'(input, ctx) {
      expectTypeOf(input).toEqualTypeOf<{ name: string }>()
      ctx.emit('typecheck/greeted', { name: input.name })
      // @ts-expect-error an event's payload is checked
      ctx.emit('typecheck/greeted', { name: 1 })
      // @ts-expect-error an event nobody declared
      ctx.emit('typecheck/undeclared', {})
      expectTypeOf(ctx.request('typecheck/reset')).toEqualTypeOf<Promise<void>>()
      // @ts-expect-error a request's input is required
      void ctx.request('typecheck/greet')
      // @ts-expect-error a request without input takes none
      void ctx.request('typecheck/reset', { all: true })
      expectTypeOf(ctx.getState().typecheck).toEqualTypeOf<{ names: string[] } | undefined>()
      return { count: ctx.getState().typecheck?.names.length ?? 0 }
    },
    // @ts-expect-error a handler answers its request's output
    'typecheck/reset': () => 'done',
  },
})

definePlugin({
  id: 'typecheck-unknown',
  handlers: {
    // @ts-expect-error only declared requests have handlers
    'typecheck/undeclared': () => undefined,
  },
})

export const manifest: PluginManifest = defineManifest({
  id: 'typecheck',
  requests: ['typecheck/greet', 'typecheck/reset'],
  load: () => Promise.resolve(plugin),
})
// @ts-expect-error a manifest loads its plugin
defineManifest({ id: 'typecheck', load: () => 'plugin' })

const kernel: Kernel = createKernel({ plugins: [manifest] })
expectTypeOf(kernel.request('typecheck/greet', { name: 'Ada' })).toEqualTypeOf<Promise<{ count: number }>>()
expectTypeOf(
  kernel.request('pay/checkout', { recipient: '0x', asset: 'native', amount: '1', network: 'eip155:1' }),
).resolves.toEqualTypeOf<PaymentResult>()
// kernel.send takes what request takes and returns nothing: its failure is reported, not handed back.
expectTypeOf(kernel.send('typecheck/greet', { name: 'Ada' })).toEqualTypeOf<void>()
kernel.send('typecheck/reset')
// @ts-expect-error send checks the input as request does
kernel.send('typecheck/greet', { name: 1 })
// @ts-expect-error send knows only declared requests
kernel.send('typecheck/undeclared')
kernel.on('typecheck/greeted', (event) => expectTypeOf(event.payload).toEqualTypeOf<{ name: string }>())
