// Transfers as wallet requests (`wallet/transfer`, `wallet/estimateTransfer`, kernel/contracts/wallet.ts): the native
// token or a token on any namespace, built here once for every feature (send, pay) on top of the wallet and chain
// requests. Each namespace's code is a chunk of its own that loads on its first transfer, with its SDK inside it.
import { FoyerError, namespaceOf, type HandlerContext, type RequestInput } from '../../../kernel/index.js'

/** A transfer as the handlers receive it. */
export type TransferInput = RequestInput<'wallet/transfer'>

/** What one namespace provides: sending a transfer (its hash or signature) and estimating its fee. */
export interface NamespaceTransfers {
  transfer(ctx: HandlerContext, t: TransferInput): Promise<string>
  estimateFee(ctx: HandlerContext, t: TransferInput): Promise<bigint>
}

const byNamespace: Record<string, () => Promise<NamespaceTransfers>> = {
  eip155: () => import('./eip155.js'),
  solana: () => import('./solana.js'),
  bip122: () => import('./bip122.js'),
}

async function transfersOf(t: TransferInput): Promise<NamespaceTransfers> {
  const load = byNamespace[namespaceOf(t.caipNetworkId) ?? '']
  if (!load)
    throw new FoyerError(`Transfers are not supported on ${t.caipNetworkId}`, {
      code: 'TRANSFER_UNSUPPORTED',
      category: 'CONFIGURATION',
    })
  if (typeof t.amount !== 'string' || !/^\d+$/.test(t.amount))
    throw new FoyerError(`A transfer amount is a whole number of base units, got ${JSON.stringify(t.amount)}`, {
      code: 'TRANSFER_INVALID',
      category: 'CONFIGURATION',
    })
  return load()
}

/** The transfer requests' handlers (the namespaces plugin registers them in its live part). */
export const transferHandlers = {
  'wallet/transfer': async (t: TransferInput, ctx: HandlerContext) => ({
    hash: await (await transfersOf(t)).transfer(ctx, t),
    caipNetworkId: t.caipNetworkId,
  }),
  'wallet/estimateTransfer': async (t: TransferInput, ctx: HandlerContext) => ({
    fee: (await (await transfersOf(t)).estimateFee(ctx, t)).toString(),
  }),
}
