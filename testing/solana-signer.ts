// The Solana test wallets' key and runtime, shared by the Wallet Standard wallet (solana.ts) and the WalletConnect
// wallet (walletconnect.ts): ed25519 signing with a real Keypair; sign-and-send goes to a Solana JSON-RPC node when
// `rpcUrl` is given (the stack's local node), else it runs on an in-process litesvm.
import { ed25519 } from '@noble/curves/ed25519'
import { Keypair, VersionedTransaction } from '@solana/web3.js'
import type { LiteSVM } from 'litesvm'

/** Options of {@link createSolanaSigner}. */
export interface SolanaSignerOptions {
  /** 64-byte Solana secret key; a fresh Keypair when absent. */
  secretKey?: Uint8Array
  /** Lamports airdropped to the wallet in its litesvm runtime (default 10 SOL). */
  lamports?: bigint
  /** A Solana JSON-RPC node to send signed transactions to (e.g. the stack's `solana` service) instead of litesvm. */
  rpcUrl?: string
}

/** A Solana key that signs for real. */
export interface SolanaSigner {
  /** Base58 address (the public key). */
  address: string
  publicKey: Uint8Array
  /** ed25519 signature of `message`. */
  signMessage(message: Uint8Array): Uint8Array
  /** The serialized transaction with this key's signature added. */
  signTransaction(transaction: Uint8Array): Uint8Array
  /** Signs and executes the transaction on the runtime; resolves with its signature. */
  signAndSendTransaction(transaction: Uint8Array): Promise<Uint8Array>
  /** The key's in-process litesvm runtime (created on first use, the key funded); unused with `rpcUrl`. */
  svm(): Promise<LiteSVM>
}

/** Creates a Solana signer. */
export function createSolanaSigner(options: SolanaSignerOptions = {}): SolanaSigner {
  const keypair = options.secretKey ? Keypair.fromSecretKey(options.secretKey) : Keypair.generate()
  let runtime: Promise<LiteSVM> | undefined
  const svm = () =>
    (runtime ??= Promise.all([import('litesvm'), import('@solana/kit')]).then(([{ LiteSVM }, kit]) => {
      const vm = new LiteSVM()
      vm.airdrop(kit.address(keypair.publicKey.toBase58()), kit.lamports(options.lamports ?? 10_000_000_000n))
      return vm
    }))
  const signed = (bytes: Uint8Array) => {
    const tx = VersionedTransaction.deserialize(bytes)
    tx.sign([keypair])
    return tx
  }
  return {
    address: keypair.publicKey.toBase58(),
    publicKey: keypair.publicKey.toBytes(),
    signMessage: (message) => ed25519.sign(message, keypair.secretKey.slice(0, 32)),
    signTransaction: (transaction) => signed(transaction).serialize(),
    async signAndSendTransaction(transaction) {
      const tx = signed(transaction)
      if (options.rpcUrl) await sendToNode(options.rpcUrl, tx.serialize())
      else {
        const { getTransactionDecoder } = await import('@solana/kit')
        const result = (await svm()).sendTransaction(getTransactionDecoder().decode(tx.serialize()))
        if ('err' in result && typeof result.err === 'function')
          throw Object.assign(new Error(`Transaction failed: ${String(result.err())}`), { code: -32603 })
      }
      return tx.signatures[0]
    },
    svm,
  }
}

// sendTransaction on a JSON-RPC node, with its preflight: a refusal rejects with the node's message.
async function sendToNode(rpcUrl: string, wire: Uint8Array): Promise<void> {
  const body = {
    jsonrpc: '2.0',
    id: 1,
    method: 'sendTransaction',
    params: [Buffer.from(wire).toString('base64'), { encoding: 'base64' }],
  }
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await res.json()) as { error?: { message?: string } }
  if (!res.ok || answer.error)
    throw Object.assign(new Error(`Transaction failed: ${answer.error?.message ?? `HTTP ${res.status}`}`), {
      code: -32603,
    })
}
