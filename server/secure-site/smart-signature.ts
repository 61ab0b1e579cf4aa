// Signatures of the smart account (FoyerAccount.sol). Its ERC-1271 `isValidSignature` is OpenZeppelin's ERC-7739: the
// owner key signs the message nested in the account's own EIP-712 domain, so a signature made for one account is no
// use for another account of the same key, nor for the key's EOA. Before the account exists on the chain, the
// signature is wrapped per ERC-6492 with the factory call that deploys it. Either way a verifier with a public client
// (viem's verifyMessage / verifyTypedData, the server's sign-in and name checks) accepts it; ecrecover alone does not.
import { zeroHash, type Address, type Hex, type SignableMessage, type TypedDataDefinition } from 'viem'
import { sign, serializeSignature } from 'viem/accounts'
import { hashMessage, hashTypedData, wrapTypedDataSignature } from 'viem/experimental/erc7739'
import { serializeErc6492Signature } from 'viem/utils'
import { WalletError } from './errors.js'
import { accountFactoryData, isDeployed, type SmartAccountChain } from './smart-account.js'

/** The EIP-712 domain name and version FoyerAccount.sol passes to OpenZeppelin's EIP712 constructor. */
export const ACCOUNT_DOMAIN = { name: 'FoyerAccount', version: '1' } as const

/** Who signs: the smart account `account` of `owner` on `chain`, with the owner's key. */
export interface SmartSigner {
  chain: SmartAccountChain
  account: Address
  owner: Address
  ownerKey: Hex
}

/** The account's own domain, as ERC-7739 nests every message in it (OpenZeppelin's EIP712 has no salt: zero). */
function verifierDomain(s: SmartSigner) {
  return { ...ACCOUNT_DOMAIN, chainId: s.chain.chainId, verifyingContract: s.account, salt: zeroHash }
}

// ERC-6492 for an account not deployed on this chain yet: the verifier deploys it in a simulation, then asks it.
async function finish(s: SmartSigner, signature: Hex): Promise<Hex> {
  if (await isDeployed(s.chain, s.account)) return signature
  return serializeErc6492Signature({
    address: s.chain.accountFactory,
    data: accountFactoryData(s.owner),
    signature,
  })
}

/** Signs `message` (EIP-191, as personal_sign) for the smart account: ERC-7739 PersonalSign, ERC-6492 if undeployed. */
export async function signSmartMessage(s: SmartSigner, message: SignableMessage): Promise<Hex> {
  const hash = hashMessage({ message, verifierDomain: verifierDomain(s) })
  return finish(s, serializeSignature(await sign({ hash, privateKey: s.ownerKey })))
}

/** Signs EIP-712 typed data for the smart account: ERC-7739 TypedDataSign, ERC-6492 if undeployed. */
export async function signSmartTypedData(s: SmartSigner, typed: TypedDataDefinition): Promise<Hex> {
  // ERC-7739 nests the app's primary struct; a bare domain (primaryType EIP712Domain) has none to nest.
  if (typed.primaryType === 'EIP712Domain')
    throw new WalletError(
      400,
      'invalid_params',
      'The smart account signs typed data with a primary type other than EIP712Domain',
    )
  const hash = hashTypedData({ ...typed, verifierDomain: verifierDomain(s) } as Parameters<typeof hashTypedData>[0])
  const signature = serializeSignature(await sign({ hash, privateKey: s.ownerKey }))
  return finish(s, wrapTypedDataSignature({ ...typed, signature } as Parameters<typeof wrapTypedDataSignature>[0]))
}
