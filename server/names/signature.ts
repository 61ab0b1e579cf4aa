// Who signed a registration. An EOA's signature is recovered locally; a smart account's is checked on its chain:
// ERC-1271 `isValidSignature` on a deployed account, ERC-6492 for one not deployed yet (viem's verifyMessage runs
// both through the universal validator in one eth_call). Chains without an RPC here can only check EOAs.
import { verifyMessage, type Address, type Hex, type PublicClient } from 'viem'
import type { ChainConfig } from '../types.js'
import { rpcFailure } from '../api/chain-clients.js'

/** What a signature check receives. */
export interface SignatureCheck {
  address: Address
  message: string
  signature: Hex
  /** The EVM chain the registration's coin type names (where a smart account lives). */
  chainId: number
}

/** Resolves true when `address` signed `message`; throws only when the chain could not be asked. */
export type SignatureVerifier = (check: SignatureCheck) => Promise<boolean>

/** EOA signatures only (ecrecover), for servers without chains. */
export const eoaVerifier: SignatureVerifier = ({ address, message, signature }) =>
  verifyMessage({ address, message, signature }).catch(() => false)

/** A verifier over the configured chains: EOAs first (no RPC call), then ERC-1271 / ERC-6492 on the coin type's chain. */
export function chainVerifier(
  chains: ChainConfig[],
  clientOf: (chain: ChainConfig) => PublicClient,
): SignatureVerifier {
  return async (check) => {
    const chain = chains.find((c) => c.chainId === check.chainId)
    if (!chain) return eoaVerifier(check)
    const { address, message, signature } = check
    const client = clientOf(chain)
    try {
      // mode 'eoa': an ECDSA match answers without the RPC; anything else goes to the contract path.
      if (await client.verifyMessage({ address, message, signature, mode: 'eoa' })) return true
      // viem answers false when its eth_call failed for any reason, an unreachable node included: a refusal
      // counts only if the chain is there to have refused.
      await client.getChainId()
      return false
    } catch (err) {
      throw rpcFailure(chain, err)
    }
  }
}
