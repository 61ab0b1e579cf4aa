// `foyer.getProvider('solana')`: the calls a Solana dapp makes on a wallet (wallet-adapter's shape: publicKey,
// signTransaction, signAllTransactions, signAndSendTransaction, signMessage), over the kernel's Solana requests, so an
// extension, a WalletConnect session and the embedded wallet all answer the same way. Transactions cross the kernel
// as base64 and come back as the class the dapp passed in (legacy Transaction or VersionedTransaction).
import { PublicKey, Transaction, VersionedTransaction } from '@solana/web3.js'
import type { Foyer } from '../createFoyer.js'
import { decodeBase58, fromBase64, toBase64 } from '../../protocol/base58.js'
import { Emitter, ProviderRpcError, rpcError } from './events.js'

type AnyTransaction = Transaction | VersionedTransaction

// A wallet's signature that is not base58 is the wallet's fault: an RPC error the dapp can read, not a thrown Error.
function signatureBytes(text: string): Uint8Array {
  try {
    return decodeBase58(text)
  } catch {
    throw new ProviderRpcError(-32603, 'The wallet answered a signature that is not base58')
  }
}

/** The Solana provider `getProvider('solana')` returns. */
export interface SolanaProvider {
  /** The connected account's public key, or null. */
  readonly publicKey: PublicKey | null
  /** Opens Foyer's modal on Solana when no Solana account is connected. */
  connect(): Promise<{ publicKey: PublicKey }>
  disconnect(): Promise<void>
  signTransaction<T extends AnyTransaction>(transaction: T): Promise<T>
  signAllTransactions<T extends AnyTransaction>(transactions: T[]): Promise<T[]>
  signAndSendTransaction(transaction: AnyTransaction): Promise<{ signature: string }>
  signMessage(message: Uint8Array): Promise<{ signature: Uint8Array; publicKey: PublicKey }>
  /** 'connect', 'disconnect' and 'accountChanged' (with the new PublicKey or null). */
  on(event: string, listener: (...args: any[]) => void): SolanaProvider
  removeListener(event: string, listener: (...args: any[]) => void): SolanaProvider
}

const addressOf = (state: ReturnType<Foyer['getState']>) => {
  const c = state.account.namespaces.solana
  return c?.status === 'connected' ? c.caipAddress?.split(':')[2] : undefined
}

const serialize = (tx: AnyTransaction) =>
  toBase64(
    tx instanceof VersionedTransaction
      ? tx.serialize()
      : tx.serialize({ requireAllSignatures: false, verifySignatures: false }),
  )
const revive = <T extends AnyTransaction>(like: T, base64: string): T =>
  (like instanceof VersionedTransaction
    ? VersionedTransaction.deserialize(fromBase64(base64))
    : Transaction.from(fromBase64(base64))) as T

/** Creates the Solana provider of `foyer`'s Solana connection. */
export function createSolanaProvider(foyer: Foyer): SolanaProvider {
  const emitter = new Emitter()
  let address = addressOf(foyer.getState())
  foyer.subscribeState((state) => {
    const next = addressOf(state)
    if (next === address) return
    const before = address
    address = next
    if (next && !before) emitter.emit('connect', new PublicKey(next))
    else if (!next) emitter.emit('disconnect')
    else emitter.emit('accountChanged', new PublicKey(next))
  })
  const kernel = () => foyer.kernel
  const guard = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (!address) throw new ProviderRpcError(4100, 'No Solana account is connected')
    try {
      return await fn()
    } catch (error) {
      throw rpcError(error)
    }
  }
  const signOne = async <T extends AnyTransaction>(tx: T) =>
    revive(tx, (await kernel().request('solana/signTransaction', { transaction: serialize(tx) })).transaction)

  const provider: SolanaProvider = {
    get publicKey() {
      return address ? new PublicKey(address) : null
    },
    async connect() {
      if (!address) await foyer.connect({ namespace: 'solana' }).catch((e) => Promise.reject(rpcError(e)))
      address = addressOf(foyer.getState())
      if (!address) throw new ProviderRpcError(4001, 'No Solana account was connected')
      return { publicKey: new PublicKey(address) }
    },
    disconnect: () => foyer.disconnect({ namespace: 'solana' }),
    signTransaction: (tx) => guard(() => signOne(tx)),
    // One wallet prompt per transaction, in order: the kernel's contract signs one at a time.
    signAllTransactions: (txs) =>
      guard(async () => {
        const out = []
        for (const tx of txs) out.push(await signOne(tx))
        return out
      }),
    signAndSendTransaction: (tx) =>
      guard(() => kernel().request('solana/signAndSendTransaction', { transaction: serialize(tx) })),
    signMessage: (message) =>
      guard(async () => {
        const text = new TextDecoder('utf-8', { fatal: true }).decode(message)
        const r = await kernel().request('wallet/signMessage', { message: text, namespace: 'solana' })
        return { signature: signatureBytes(r.signature), publicKey: new PublicKey(r.address) }
      }),
    on(event, listener) {
      emitter.on(event, listener)
      return provider
    },
    removeListener(event, listener) {
      emitter.off(event, listener)
      return provider
    },
  }
  return provider
}
