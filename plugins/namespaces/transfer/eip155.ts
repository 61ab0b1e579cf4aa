// EVM transfers through the wallet requests: the native token with `wallet/sendTransaction`, an ERC-20 token with its
// `transfer(to, amount)` through `wallet/writeContract`; the fee is gas × fee per gas (`wallet/estimateGas`).
import type { HandlerContext } from '../../../kernel/index.js'
import type { TransferInput } from './index.js'

// ERC-20 `transfer` alone: the one function a transfer calls
const TransferAbi = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const

/** Sends `t` from the connected EVM account (the wallet prompts); resolves the transaction hash once sent. */
export async function transfer(ctx: HandlerContext, t: TransferInput): Promise<string> {
  const { caipNetworkId, to, amount } = t
  const { hash } = t.token
    ? await ctx.request('wallet/writeContract', {
        caipNetworkId,
        address: t.token,
        abi: TransferAbi,
        functionName: 'transfer',
        args: [to, amount],
      })
    : await ctx.request('wallet/sendTransaction', { caipNetworkId, to, value: amount })
  return hash
}

/** The fee of `t` in wei, as the network prices gas now. */
export async function estimateFee(ctx: HandlerContext, t: TransferInput): Promise<bigint> {
  const { caipNetworkId } = t
  // a native estimate uses no value: a Max amount is what the fee leaves, so it is not known yet
  const tx = t.token ? { to: t.token, data: await transferData(t) } : { to: t.to, value: '0' }
  const estimate = await ctx.request('wallet/estimateGas', { ...tx, caipNetworkId })
  return BigInt(estimate.fee)
}

async function transferData(t: TransferInput): Promise<string> {
  const { encodeFunctionData } = await import('viem')
  const args = [t.to as `0x${string}`, BigInt(t.amount)] as const
  return encodeFunctionData({ abi: TransferAbi, functionName: 'transfer', args })
}
