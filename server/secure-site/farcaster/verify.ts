// Sign In With Farcaster (SIWF): an EIP-4361 message for chain 10 whose resources name `farcaster://fid/<fid>`,
// signed by the FID's custody address. Checked here with viem: the message's domain, URI, nonce and validity window,
// the signature (EOA; ERC-1271/6492 too when an Optimism RPC is configured), and — when the Farcaster ID registry is
// reachable — that the registry maps the signing address to that FID (`idOf(custody) == fid`).
import { createPublicClient, http, verifyMessage, type Address, type Hex } from 'viem'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { WalletError } from '../errors.js'

/** The Farcaster IdRegistry on OP Mainnet (the canonical deployment). */
export const ID_REGISTRY_ADDRESS: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

const idOfAbi = [
  {
    type: 'function',
    name: 'idOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: 'fid', type: 'uint256' }],
  },
] as const

/** Where FID ownership is read (an OP Mainnet RPC and the IdRegistry there). */
export interface FarcasterRegistry {
  rpcUrl: string
  address?: Address
}

/** What the app answered and what the channel expected. */
export interface SiwfCheck {
  message: string
  signature: string
  fid: number
  nonce: string
  domain: string
  siweUri: string
  now: Date
  registry?: FarcasterRegistry
}

const invalid = (why: string) => new WalletError(401, 'farcaster_invalid', `Sign In With Farcaster failed: ${why}`)

/** Verifies the sign-in; returns the custody address and whether the FID was checked against the registry. */
export async function verifySiwf(c: SiwfCheck): Promise<{ custody: Address; fidChecked: boolean }> {
  if (!/^0x[0-9a-fA-F]+$/.test(c.signature)) throw invalid('the signature is not hex')
  const m = parseSiweMessage(c.message)
  if (!m.address) throw invalid('the message names no address')
  if (m.uri !== c.siweUri) throw invalid('the message is for another URI')
  if (m.chainId !== 10) throw invalid('the message is not for chain 10 (OP Mainnet)')
  if (!m.resources?.includes(`farcaster://fid/${c.fid}`)) throw invalid(`the message does not name FID ${c.fid}`)
  if (!validateSiweMessage({ message: m, domain: c.domain, nonce: c.nonce, time: c.now }))
    throw invalid('wrong domain or nonce, or outside its validity window')
  const signature = c.signature as Hex
  const client = c.registry && createPublicClient({ transport: http(c.registry.rpcUrl) })
  const ok = client
    ? await client.verifyMessage({ address: m.address, message: c.message, signature })
    : await verifyMessage({ address: m.address, message: c.message, signature }).catch(() => false)
  if (!ok) throw invalid('the signature does not match the address')
  if (!client) return { custody: m.address, fidChecked: false }
  const fid = await client.readContract({
    address: c.registry!.address ?? ID_REGISTRY_ADDRESS,
    abi: idOfAbi,
    functionName: 'idOf',
    args: [m.address],
  })
  if (fid !== BigInt(c.fid)) throw invalid(`the address is not the custody address of FID ${c.fid}`)
  return { custody: m.address, fidChecked: true }
}
