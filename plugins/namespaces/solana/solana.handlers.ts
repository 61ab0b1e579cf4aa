// Solana transaction requests. @solana/web3.js is imported only inside `solana/sendTransfer`, which builds one.
import { FoyerError, type HandlerContext, addressOf, type HostOptions } from '../../../kernel/index.js'
import { networkFor } from '../namespaces.handlers.js'
import { fromBase64, toBase64 } from './base58.js'
import type { SolanaAdapter } from './adapter.js'

declare module '../../../kernel/index.js' {
  interface RequestMap {
    /** Builds a SOL transfer from the connected account and has the wallet sign and send it. */
    'solana/sendTransfer': {
      input: { to: string; lamports: number | string; recentBlockhash?: string }
      output: { signature: string }
    }
  }
}

/** The connected Solana account and its connector, or a failure when none is connected. */
export function solanaConnection(ctx: HandlerContext): { connectorId: string; address: string } {
  const c = ctx.getState().account.namespaces.solana
  const address = addressOf(c?.caipAddress)
  if (c?.status !== 'connected' || !c.connectorId || !address)
    throw FoyerError.of('noActiveCaipAddress', { reason: 'solana', category: 'WALLET' })
  return { connectorId: c.connectorId, address }
}

/** Builds the Solana request handlers over the adapter in the plugin's closure. */
export function solanaHandlers(adapter: () => SolanaAdapter | undefined, options: () => Readonly<HostOptions>) {
  const live = () => {
    const a = adapter()
    if (!a) throw FoyerError.of('adapterOrConnectorNotFound', { reason: 'solana', category: 'CONFIGURATION' })
    return a
  }
  return {
    async 'solana/signTransaction'({ transaction }: { transaction: string }, ctx: HandlerContext) {
      const { connectorId, address } = solanaConnection(ctx)
      return { transaction: toBase64(await live().signTransaction(connectorId, address, fromBase64(transaction))) }
    },
    async 'solana/signAndSendTransaction'({ transaction }: { transaction: string }, ctx: HandlerContext) {
      const { connectorId, address } = solanaConnection(ctx)
      return { signature: await live().signAndSendTransaction(connectorId, address, fromBase64(transaction)) }
    },
    async 'solana/sendTransfer'(
      input: { to: string; lamports: number | string; recentBlockhash?: string },
      ctx: HandlerContext,
    ) {
      const { connectorId, address } = solanaConnection(ctx)
      const a = live()
      const { Connection, PublicKey, SystemProgram, Transaction } = await import('@solana/web3.js')
      const from = new PublicKey(address)
      let blockhash = input.recentBlockhash
      if (!blockhash) {
        const rpc = networkFor(a.networkOf(connectorId), ctx.getState().config.networks, options()).rpcUrls.default
          .http[0]
        if (!rpc) throw FoyerError.of('noActiveNetworkOrClient', { category: 'NETWORK' })
        blockhash = (await new Connection(rpc).getLatestBlockhash()).blockhash
      }
      const tx = new Transaction({ feePayer: from, recentBlockhash: blockhash }).add(
        SystemProgram.transfer({
          fromPubkey: from,
          toPubkey: new PublicKey(input.to),
          lamports: BigInt(input.lamports),
        }),
      )
      const bytes = tx.serialize({ requireAllSignatures: false, verifySignatures: false })
      return { signature: await a.signAndSendTransaction(connectorId, address, bytes) }
    },
  }
}
