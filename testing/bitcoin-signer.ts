// The Bitcoin test wallets' keys, shared by the WBIP004 wallet (bitcoin.ts) and the WalletConnect wallet
// (walletconnect.ts): a payment (P2WPKH) and an ordinals (P2TR key-path) key that sign for real.
// Messages: the legacy "Bitcoin Signed Message" ECDSA format (BIP-137): sha256d over
// "\x18Bitcoin Signed Message:\n" + varint(len) + message, secp256k1 signature with recovery id, header 39 + recid
// (P2WPKH), base64 of header‖r‖s; or BIP-322 "simple" with either key (`signMessageBip322`). PSBTs: inputs of either address.
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { NETWORK, RawWitness, TEST_NETWORK, Transaction, p2tr, p2wpkh } from '@scure/btc-signer'
import { bip322Transactions } from '../protocol/siwx/verify/bitcoin.js'

/** A sats-connect network name the wallet can be on. */
export type BitcoinTestNetwork = 'Mainnet' | 'Testnet' | 'Signet'

/** Options of {@link createBitcoinSigner}. */
export interface BitcoinSignerOptions {
  /** 32-byte secp256k1 key of the payment (P2WPKH) address; random when absent. */
  paymentKey?: Uint8Array
  /** 32-byte key of the ordinal (P2TR, key-path) address; random when absent. */
  ordinalsKey?: Uint8Array
  /** The network the addresses are for (default Mainnet). */
  network?: BitcoinTestNetwork
}

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')

/** The BIP-137 message hash: sha256d("\x18Bitcoin Signed Message:\n" + varint(len) + message). */
export function bitcoinMessageHash(message: string): Uint8Array {
  const msg = new TextEncoder().encode(message)
  const prefix = new TextEncoder().encode('\x18Bitcoin Signed Message:\n')
  const len =
    msg.length < 0xfd
      ? [msg.length]
      : msg.length <= 0xffff
        ? [0xfd, msg.length & 0xff, msg.length >> 8]
        : [0xfe, msg.length & 0xff, (msg.length >> 8) & 0xff, (msg.length >> 16) & 0xff, msg.length >>> 24]
  return sha256(sha256(Uint8Array.from([...prefix, ...len, ...msg])))
}

/** Creates the signer. */
export function createBitcoinSigner(options: BitcoinSignerOptions = {}) {
  const network = options.network ?? 'Mainnet'
  const net = network === 'Mainnet' ? NETWORK : TEST_NETWORK
  const payKey = options.paymentKey ?? secp256k1.utils.randomPrivateKey()
  const ordKey = options.ordinalsKey ?? secp256k1.utils.randomPrivateKey()
  const payPub = secp256k1.getPublicKey(payKey, true)
  const ordPub = schnorr.getPublicKey(ordKey)
  const payment = { address: p2wpkh(payPub, net).address!, publicKey: hex(payPub) }
  const ordinals = { address: p2tr(ordPub, undefined, net).address!, publicKey: hex(ordPub) }
  return {
    network,
    payment,
    ordinals,
    /** BIP-137 signature (base64) of `message` with the payment key, and the hash signed (hex). */
    signMessage(message: string): { signature: string; messageHash: string; address: string } {
      const hash = bitcoinMessageHash(message)
      const sig = secp256k1.sign(hash, payKey)
      const bytes = Uint8Array.from([39 + sig.recovery, ...sig.toCompactRawBytes()])
      return { signature: Buffer.from(bytes).toString('base64'), messageHash: hex(hash), address: payment.address }
    },
    /** BIP-322 "simple" signature (base64 witness) of `message` by the payment (P2WPKH) or ordinals (P2TR) key. */
    signMessageBip322(
      message: string,
      which: 'payment' | 'ordinals' = 'payment',
    ): { signature: string; address: string } {
      const pay = which === 'payment'
      const script = pay ? p2wpkh(payPub, net).script : p2tr(ordPub, undefined, net).script
      const { toSign } = bip322Transactions(message, script)
      if (!pay) toSign.updateInput(0, { tapInternalKey: ordPub })
      toSign.signIdx(pay ? payKey : ordKey, 0)
      toSign.finalizeIdx(0)
      const witness = RawWitness.encode(toSign.getInput(0).finalScriptWitness!)
      return { signature: Buffer.from(witness).toString('base64'), address: pay ? payment.address : ordinals.address }
    },
    /** Signs the inputs named (address and index) of a base64 PSBT with the key of each address; returns base64. */
    signPsbt(psbt: string, inputs: Array<{ address: string; index: number }>): string {
      const tx = Transaction.fromPSBT(Buffer.from(psbt, 'base64'))
      for (const { address, index } of inputs) {
        const key = address === payment.address ? payKey : address === ordinals.address ? ordKey : undefined
        if (!key) throw Object.assign(new Error(`This wallet holds no key for ${address}`), { code: -32602 })
        tx.signIdx(key, index)
      }
      return Buffer.from(tx.toPSBT()).toString('base64')
    },
  }
}

/** The signer's type. */
export type BitcoinSigner = ReturnType<typeof createBitcoinSigner>
