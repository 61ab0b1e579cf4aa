// The wallet requests' code, a chunk of its own that loads on the first wallet request (see handlers.ts): each request
// finds the connected wallet of its namespace and speaks that namespace's WalletConnect vocabulary through it.
import {
  DisconnectedError,
  FoyerError,
  isUserRejection,
  UnauthorizedError,
  type HandlerContext,
  type RequestInput,
  type RequestOutput,
} from '../../../kernel/index.js'
import * as bitcoin from './bitcoin.requests.js'
import { getAssets } from './assets.requests.js'
import { getCapabilities, sendCalls } from './calls.requests.js'
import * as evm from './evm.requests.js'
import * as solana from './solana.requests.js'
import type { WalletRequestName } from './names.js'
import { read, readClient, readContract, waitForTransaction } from './reads.js'
import { connectedAccount, walletSession, type RequestEnv, type WalletSession } from './session.js'

type Implementation<R extends WalletRequestName> = (
  env: RequestEnv,
  input: RequestInput<R>,
  ctx: HandlerContext,
) => Promise<RequestOutput<R>>

const signers: Record<string, (s: WalletSession, message: string) => Promise<string>> = {
  eip155: evm.signMessage,
  solana: solana.signMessage,
  bip122: bitcoin.signMessage,
}

/** Every wallet request's implementation, by name. */
export const walletRequests: { [R in WalletRequestName]: Implementation<R> } = {
  async 'wallet/signMessage'(env, { message, namespace }, ctx) {
    const ns = namespace ?? ctx.getState().account.activeNamespace
    if (!ns) throw FoyerError.of('noActiveCaipAddress', { category: 'WALLET' })
    const s = await walletSession(env, ctx, ns)
    const sign = signers[ns]
    if (!sign) throw FoyerError.of('signMessageFailed', { reason: `not supported for ${ns}`, category: 'WALLET' })
    try {
      return { signature: await sign(s, message), address: s.address }
    } catch (error) {
      // a refusal, and 4100/4900 with their own message and handling, go out as they are
      if (isUserRejection(error) || error instanceof UnauthorizedError || error instanceof DisconnectedError)
        throw error
      throw FoyerError.of('signMessageFailed', {
        reason: error instanceof Error ? error.message : undefined,
        category: 'WALLET',
        cause: error,
      })
    }
  },
  'wallet/sendTransaction': async (env, input, ctx) =>
    evm.sendTransaction(await walletSession(env, ctx, 'eip155', input.caipNetworkId), input),
  'wallet/writeContract': async (env, input, ctx) =>
    evm.writeContract(await walletSession(env, ctx, 'eip155', input.caipNetworkId), input),
  'wallet/signTypedData': async (env, input, ctx) => {
    const s = await walletSession(env, ctx, 'eip155', input.caipNetworkId)
    return { signature: await evm.signTypedData(s, input), address: s.address }
  },
  'wallet/getCapabilities': async (env, input, ctx) =>
    getCapabilities(await walletSession(env, ctx, 'eip155'), input?.caipNetworkId),
  'wallet/getAssets': async (env, input, ctx) =>
    getAssets(await walletSession(env, ctx, 'eip155'), input?.caipNetworkId),
  'wallet/sendCalls': async (env, input, ctx) => {
    const s = await walletSession(env, ctx, 'eip155', input.caipNetworkId)
    return sendCalls(
      s,
      input,
      ctx.clock,
      (hash) => waitForTransaction(env, { caipNetworkId: s.caipNetworkId, hash }, ctx),
      async (caipNetworkId) => {
        // the operator's paymaster (server/paymaster), when the project sponsors gas on this chain
        const { apiUrl, projectId } = env.options()
        if (!apiUrl || !projectId) return undefined
        const req = { path: 'v1/paymaster', params: { projectId } }
        const status = await ctx.http.get<{ enabled?: unknown; chains?: unknown }>(req).catch(() => undefined)
        const on = status?.enabled === true && Array.isArray(status.chains) && status.chains.includes(caipNetworkId)
        return on ? ctx.http.url(req) : undefined
      },
    )
  },
  'wallet/estimateGas': async (env, input, ctx) => {
    const account = connectedAccount(ctx, 'eip155')
    const { client } = await readClient(env, ctx, input.caipNetworkId ?? account.caipNetworkId)
    return evm.estimateGas(client, account.address, input)
  },
  'solana/signTransaction': async (env, input, ctx) => ({
    transaction: await solana.signTransaction(await walletSession(env, ctx, 'solana'), input.transaction),
  }),
  'solana/signAndSendTransaction': async (env, input, ctx) => ({
    signature: await solana.signAndSendTransaction(await walletSession(env, ctx, 'solana'), input.transaction),
  }),
  'solana/sendTransfer': async (env, input, ctx) => ({
    signature: await solana.sendTransfer(
      await walletSession(env, ctx, 'solana'),
      input,
      ctx.getState().config.networks,
      env.options(),
    ),
  }),
  'bitcoin/sendTransfer': async (env, input, ctx) => ({
    txid: await bitcoin.sendTransfer(await walletSession(env, ctx, 'bip122'), input),
  }),
  'bitcoin/signPsbt': async (env, input, ctx) => bitcoin.signPsbt(await walletSession(env, ctx, 'bip122'), input),
  'chain/read': async (env, input, ctx) => read(env, input, ctx),
  'chain/readContract': async (env, input, ctx) => readContract(env, input, ctx),
  'chain/waitForTransaction': async (env, input, ctx) => waitForTransaction(env, input, ctx),
}
