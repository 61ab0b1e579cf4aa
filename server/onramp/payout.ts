// The provider's hot wallets, which deliver what a buyer paid for: ERC-20 transfers on the EVM chains and SOL or
// SPL transfers on Solana, sent through the chains' RPC endpoints like any wallet would. On the local chains the
// wallets are funded at start-up by real transactions (anvil impersonation of the token deployer; the Solana
// deployer's treasury).
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token'
import {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
  type TransactionInstruction,
} from '@solana/web3.js'
import { createPublicClient, createWalletClient, defineChain, http, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { testTokenAbi } from '../contracts/compile.js'
import { phraseSecretKey } from '../solana/keys.js'
import type { ChainConfig, SolanaChainConfig } from '../types.js'

/** The local provider's Solana hot wallet (a public, local-only key). */
export const LOCAL_ONRAMP_SOLANA_KEY: Uint8Array = phraseSecretKey('foyer local onramp hot wallet')

/** One delivery: `units` of `token` (address or mint; empty = native) to `to` on `network`. */
export interface Delivery {
  network: string
  token: string
  decimals: number
  to: string
  units: bigint
}

/** Sends deliveries and waits until they are final; returns the transaction hash or signature. */
export interface Payout {
  deliver(d: Delivery): Promise<string>
}

/** A payout over the given chains, signing with the given hot wallet keys. */
export function createPayout(opts: {
  chains: ChainConfig[]
  solana: SolanaChainConfig[]
  evmKey: Hex
  solanaKey: Uint8Array
}): Payout {
  const account = privateKeyToAccount(opts.evmKey)
  const solanaSigner = Keypair.fromSecretKey(opts.solanaKey)
  // One delivery at a time per network, so nonces and blockhashes never race.
  const queues = new Map<string, Promise<unknown>>()
  const serial = <T>(network: string, run: () => Promise<T>): Promise<T> => {
    const next = (queues.get(network) ?? Promise.resolve()).then(run, run)
    queues.set(
      network,
      next.catch(() => undefined),
    )
    return next
  }

  async function evm(chain: ChainConfig, d: Delivery): Promise<string> {
    const c = defineChain({
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: { name: chain.nativeName, symbol: chain.nativeSymbol, decimals: chain.nativeDecimals },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    })
    const transport = http(chain.rpcUrl, { retryCount: 0 })
    const wallet = createWalletClient({ chain: c, transport, account })
    const pub = createPublicClient({ chain: c, transport, pollingInterval: 100 })
    const hash = d.token
      ? await wallet.writeContract({
          address: d.token as Address,
          abi: testTokenAbi,
          functionName: 'transfer',
          args: [d.to as Address, d.units],
        })
      : await wallet.sendTransaction({ to: d.to as Address, value: d.units })
    const receipt = await pub.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`the delivery ${hash} reverted`)
    return hash
  }

  async function solana(chain: SolanaChainConfig, d: Delivery): Promise<string> {
    const connection = new Connection(chain.rpcUrl, 'confirmed')
    const owner = new PublicKey(d.to)
    const from = solanaSigner.publicKey
    let instructions: TransactionInstruction[]
    if (d.token) {
      const mint = new PublicKey(d.token)
      const ata = getAssociatedTokenAddressSync(mint, owner)
      instructions = [
        createAssociatedTokenAccountIdempotentInstruction(from, ata, owner, mint),
        createTransferCheckedInstruction(
          getAssociatedTokenAddressSync(mint, from),
          mint,
          ata,
          from,
          d.units,
          d.decimals,
        ),
      ]
    } else instructions = [SystemProgram.transfer({ fromPubkey: from, toPubkey: owner, lamports: d.units })]
    const { blockhash } = await connection.getLatestBlockhash()
    const tx = new VersionedTransaction(
      new TransactionMessage({ payerKey: from, recentBlockhash: blockhash, instructions }).compileToV0Message(),
    )
    tx.sign([solanaSigner])
    const signature = await connection.sendRawTransaction(tx.serialize())
    // Poll the status (the node may be reached over HTTP only).
    for (let i = 0; i < 600; i++) {
      const { value } = await connection.getSignatureStatuses([signature])
      const status = value[0]
      if (status?.err) throw new Error(`the delivery ${signature} failed: ${JSON.stringify(status.err)}`)
      if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return signature
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error(`the delivery ${signature} was not confirmed within 60 s`)
  }

  return {
    deliver(d) {
      const chain = opts.chains.find((c) => c.caipNetworkId === d.network)
      if (chain) return serial(d.network, () => evm(chain, d))
      const sol = opts.solana.find((c) => c.caipNetworkId === d.network)
      if (sol) return serial(d.network, () => solana(sol, d))
      return Promise.reject(new Error(`no hot wallet on ${d.network}`))
    },
  }
}

/** The EVM hot wallet's address for a key. */
export const evmHotWallet = (key: Hex): Address => privateKeyToAccount(key).address

/** The Solana hot wallet's address for a secret key. */
export const solanaHotWallet = (secretKey: Uint8Array): string => Keypair.fromSecretKey(secretKey).publicKey.toBase58()
