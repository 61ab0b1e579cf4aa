// Bitcoin transfers: bitcoin (satoshis) from the connected payment account through `bitcoin/sendTransfer`. The wallet
// builds the transaction and chooses its fee, so there is no fee to estimate here, and Bitcoin has no tokens.
import { FoyerError, type HandlerContext } from '../../../kernel/index.js'
import type { TransferInput } from './index.js'

const unsupported = (what: string) => new FoyerError(what, { code: 'TRANSFER_UNSUPPORTED', category: 'CONFIGURATION' })

/** Sends `t` from the connected payment account (the wallet prompts); resolves the transaction id. */
export async function transfer(ctx: HandlerContext, t: TransferInput): Promise<string> {
  if (t.token) throw unsupported('Bitcoin transfers send bitcoin only: there are no tokens to send')
  const { txid } = await ctx.request('bitcoin/sendTransfer', { recipient: t.to, amount: t.amount })
  return txid
}

/** Refuses: a Bitcoin wallet sets the fee of a transfer it builds. */
export async function estimateFee(): Promise<bigint> {
  throw unsupported('The fee of a Bitcoin transfer is set by the wallet')
}
