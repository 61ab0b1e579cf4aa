// Type tests of the public API as a host page sees it, through the package entry (`npm run typecheck` compiles this
// file; nothing runs): createFoyer's options, the Foyer instance, and the React hooks.
import { assertType, expectTypeOf } from 'vitest'
import {
  createFoyer,
  FoyerError,
  useConnect,
  useDisconnect,
  useFoyer,
  useFoyerAccount,
  useFoyerInitialized,
  useFoyerNetwork,
  useFoyerState,
  useWalletInfo,
  UserRejectedError,
  type ConnectedAccount,
  type Foyer,
  type FoyerAccount,
  type FoyerEvent,
  type FoyerNetwork,
  type FoyerOptions,
  type KernelState,
  type OpenOptions,
  type PaymentRequest,
  type PaymentResult,
  type ThemeMode,
  type TransactionStatus,
  type WalletInfo,
} from '../index.js'

const networks = [{ caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' }]
const foyer = createFoyer({ projectId: 'p', networks, adapters: ['eip155'], themeMode: 'dark' })
expectTypeOf(foyer).toEqualTypeOf<Foyer>()
expectTypeOf(createFoyer).parameter(0).toEqualTypeOf<FoyerOptions>()
// @ts-expect-error a project id is required
createFoyer({ networks })
// @ts-expect-error options are checked by name
createFoyer({ projectId: 'p', colour: 'blue' })
// @ts-expect-error the theme mode is 'light' or 'dark'
createFoyer({ projectId: 'p', themeMode: 'blue' })
// @ts-expect-error a network is described in full
createFoyer({ projectId: 'p', networks: [{ caipNetworkId: 'eip155:1' }] })
expectTypeOf<'light' | 'dark'>().toEqualTypeOf<ThemeMode>()

// The instance.
expectTypeOf(foyer.open).parameters.toEqualTypeOf<[options?: OpenOptions]>()
expectTypeOf(foyer.open).returns.toEqualTypeOf<Promise<void>>()
expectTypeOf(foyer.connect()).resolves.toEqualTypeOf<ConnectedAccount>()
expectTypeOf(foyer.close()).resolves.toBeBoolean()
expectTypeOf(foyer.getState()).toEqualTypeOf<KernelState>()
expectTypeOf(foyer.pay).parameter(0).toEqualTypeOf<PaymentRequest>()
expectTypeOf(foyer.pay).returns.resolves.toEqualTypeOf<PaymentResult>()
// @ts-expect-error amounts are decimal strings, never numbers
void foyer.pay({ recipient: '0x', asset: 'native', amount: 3, network: 'eip155:1' })
expectTypeOf(foyer.subscribeState((state) => expectTypeOf(state).toEqualTypeOf<KernelState>())).toEqualTypeOf<
  () => void
>()
expectTypeOf(foyer.subscribeEvents).parameter(0).parameter(0).toEqualTypeOf<FoyerEvent<string>>()
expectTypeOf(foyer.subscribeTransactions).parameter(0).parameter(0).toEqualTypeOf<TransactionStatus>()
expectTypeOf(foyer.switchNetwork).parameters.toEqualTypeOf<[caipNetworkId: string]>()
expectTypeOf(foyer.disconnect).parameter(0).toEqualTypeOf<{ namespace?: string; keepModalOpen?: boolean } | undefined>()
expectTypeOf(foyer.setThemeMode).parameter(0).toEqualTypeOf<ThemeMode>()
expectTypeOf(foyer.getProvider('eip155')).toHaveProperty('request')
// @ts-expect-error providers exist for eip155 and solana only
foyer.getProvider('bip122')
expectTypeOf(foyer.destroy).returns.toBeVoid()
// Failures a host catches are FoyerErrors with a code; a visitor's refusal is its own class.
expectTypeOf<UserRejectedError>().toExtend<FoyerError>()
expectTypeOf<FoyerError['code']>().toEqualTypeOf<string | number>()

// The React hooks (in a component: hooks run inside one).
export function HostComponent(): null {
  expectTypeOf(useFoyer()).toEqualTypeOf<Foyer>()
  expectTypeOf(useFoyerAccount()).toEqualTypeOf<FoyerAccount>()
  expectTypeOf(useFoyerAccount().isConnected).toBeBoolean()
  expectTypeOf(useFoyerNetwork()).toEqualTypeOf<FoyerNetwork>()
  expectTypeOf(useFoyerNetwork().chainId).toEqualTypeOf<number | string | undefined>()
  expectTypeOf(useFoyerInitialized()).toBeBoolean()
  expectTypeOf(useWalletInfo().walletInfo).toEqualTypeOf<WalletInfo | undefined>()
  expectTypeOf(useConnect().connect()).resolves.toEqualTypeOf<ConnectedAccount>()
  expectTypeOf(useDisconnect().disconnect).toEqualTypeOf<Foyer['disconnect']>()
  // useFoyerState's value is what its selector returns.
  expectTypeOf(useFoyerState((s) => s.account.activeCaipNetworkId)).toEqualTypeOf<string | undefined>()
  assertType<number>(useFoyerState((s) => s.router.history.length))
  // @ts-expect-error a selector reads the state it is given
  useFoyerState((s: { nothing: true }) => s.nothing)
  return null
}
