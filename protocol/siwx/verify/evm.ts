// EVM sign-in signatures through viem: with a public client on the message's chain, EOAs, deployed smart accounts
// (ERC-1271) and counterfactual ones (ERC-6492) all verify; without one, only EOAs can.
import { isHex, verifyMessage, type Client } from 'viem'
import { verifyMessage as verifyOnChain } from 'viem/actions'
import type { Verdict } from './verdict.js'

/** Verifies an EIP-191 (`personal_sign`) signature by `address` over `message`, on chain when a client is given. */
export async function verifyEvmMessage(
  address: string,
  message: string,
  signature: string,
  client?: Client,
): Promise<Verdict> {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return { ok: false, reason: `"${address}" is not an EVM address` }
  if (!isHex(signature) || signature.length < 4) return { ok: false, reason: 'the signature is not 0x-hex' }
  const args = { address: address as `0x${string}`, message, signature: signature as `0x${string}` }
  try {
    const ok = client ? await verifyOnChain(client, args) : await verifyMessage(args)
    if (ok) return { ok: true }
    return {
      ok: false,
      reason: client
        ? 'the signature does not verify for this address (EOA, ERC-1271 or ERC-6492)'
        : 'the signature does not verify for this address (no RPC for the chain, so smart accounts cannot be checked)',
    }
  } catch (error) {
    return { ok: false, reason: `the signature could not be checked: ${(error as Error).message.split('\n')[0]}` }
  }
}
