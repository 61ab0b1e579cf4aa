// A real-signing Wallet Standard Solana wallet for Playwright pages: the page gets a registered wallet whose
// features cross into the test process (page.exposeFunction), where a Keypair signs (ed25519 via @noble/curves)
// and an in-process litesvm runtime executes sign-and-send transactions.
import type { Page } from 'playwright-core'
import type { LiteSVM } from 'litesvm'
import { createSolanaSigner } from './solana-signer.js'

/** Options of {@link installSolanaTestWallet}. */
export interface InstallSolanaTestWalletOptions {
  /** 64-byte Solana secret key; a fresh Keypair when absent. */
  secretKey?: Uint8Array
  /** Wallet name; the connector id is `solana:` plus its slug (default `solana:foyer-solana-test-wallet`). */
  name?: string
  /** Wallet Standard chains (default mainnet, devnet, testnet). */
  chains?: string[]
  /** Lamports airdropped to the wallet in its litesvm runtime (default 10 SOL). */
  lamports?: bigint
  /** Offer `solana:signIn` (Sign In With Solana: connect and sign in with one prompt); default true. */
  signIn?: boolean
  /** A Solana JSON-RPC node that sign-and-send sends to (e.g. the stack's `solana` service) instead of litesvm. */
  rpcUrl?: string
}

/** The installed wallet, driven from the test. */
export interface SolanaTestWallet {
  /** Base58 address (the public key). */
  address: string
  publicKey: Uint8Array
  name: string
  /** The Foyer connector id, so the selector is `wallet-selector-<connectorId>`. */
  connectorId: string
  /** Every call the page made, in order. */
  log: Array<{ method: string; params: unknown }>
  /** Rejects the next prompting call (connect, sign) with 4001. */
  rejectNext(): void
  /** The wallet's litesvm runtime (created on first use, the wallet funded). */
  svm(): Promise<LiteSVM>
  /** Revokes access from the wallet's side; the page gets a `change` event with no accounts. */
  revoke(): Promise<void>
}

/** The default name of the Solana test wallet. */
export const SolanaTestWalletName = 'Foyer Solana Test Wallet'
const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#14f195"/><path d="M8 10h16l-3 4H5zm3 6h16l-3 4H8z" fill="#111"/></svg>')}`
const PROMPTING = new Set(['connect', 'signIn', 'signMessage', 'signTransaction', 'signAndSendTransaction'])

/** The Wallet Standard `solana:signIn` input (every field optional; the wallet fills in its address). */
export interface SolanaSignInInput {
  domain?: string
  address?: string
  statement?: string
  uri?: string
  version?: string
  chainId?: string
  nonce?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/** The text a `solana:signIn` wallet signs, written as @solana/wallet-standard-util's createSignInMessageText does. */
export function signInMessageText(input: SolanaSignInInput & { domain: string; address: string }): string {
  let message = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`
  if (input.statement) message += `\n\n${input.statement}`
  const fields: string[] = []
  if (input.uri) fields.push(`URI: ${input.uri}`)
  if (input.version) fields.push(`Version: ${input.version}`)
  if (input.chainId) fields.push(`Chain ID: ${input.chainId}`)
  if (input.nonce) fields.push(`Nonce: ${input.nonce}`)
  if (input.issuedAt) fields.push(`Issued At: ${input.issuedAt}`)
  if (input.expirationTime) fields.push(`Expiration Time: ${input.expirationTime}`)
  if (input.notBefore) fields.push(`Not Before: ${input.notBefore}`)
  if (input.requestId) fields.push(`Request ID: ${input.requestId}`)
  if (input.resources) {
    fields.push('Resources:')
    for (const r of input.resources) fields.push(`- ${r}`)
  }
  if (fields.length) message += `\n\n${fields.join('\n')}`
  return message
}
let seq = 0

/** Installs the wallet into `page` (before navigation: it registers on every load). */
export async function installSolanaTestWallet(
  page: Page,
  options: InstallSolanaTestWalletOptions = {},
): Promise<SolanaTestWallet> {
  const binding = `__foyerSolanaWallet${++seq}`
  const signer = createSolanaSigner(options)
  const name = options.name ?? SolanaTestWalletName
  const chains = options.chains ?? ['solana:mainnet', 'solana:devnet', 'solana:testnet']
  const log: SolanaTestWallet['log'] = []
  let authorized = false
  let rejectNext = false
  const answer = async (
    method: string,
    p: { silent?: boolean; message?: number[]; transaction?: number[]; input?: SolanaSignInInput },
  ): Promise<unknown> => {
    if (PROMPTING.has(method) && !p.silent && rejectNext) {
      rejectNext = false
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    if (method === 'connect') {
      if (!p.silent) authorized = true
      return authorized
    }
    if (method === 'disconnect') {
      authorized = false
      return null
    }
    if (method === 'signIn') {
      const text = signInMessageText({ ...p.input, domain: p.input?.domain ?? 'localhost', address: signer.address })
      const signedMessage = new TextEncoder().encode(text)
      authorized = true
      return { signedMessage: Array.from(signedMessage), signature: Array.from(signer.signMessage(signedMessage)) }
    }
    if (!authorized) throw Object.assign(new Error('The wallet is not connected.'), { code: 4100 })
    const bytes = Uint8Array.from(p.message ?? p.transaction ?? [])
    if (method === 'signMessage') return Array.from(signer.signMessage(bytes))
    if (method === 'signTransaction') return Array.from(signer.signTransaction(bytes))
    if (method === 'signAndSendTransaction') return Array.from(await signer.signAndSendTransaction(bytes))
    throw Object.assign(new Error(`Unsupported method ${method}`), { code: -32601 })
  }
  await page.exposeFunction(binding, async (method: string, params: unknown) => {
    log.push({ method, params })
    try {
      return { result: await answer(method, (params ?? {}) as never) }
    } catch (error) {
      const e = error as { code?: unknown; message?: unknown }
      return {
        error: {
          code: typeof e.code === 'number' ? e.code : -32603,
          message: typeof e.message === 'string' ? e.message : 'Internal error',
        },
      }
    }
  })
  await page.addInitScript(installInPage, {
    binding,
    name,
    icon: ICON,
    chains,
    address: signer.address,
    publicKey: Array.from(signer.publicKey),
    signIn: options.signIn !== false,
  })
  return {
    address: signer.address,
    publicKey: signer.publicKey,
    name,
    log,
    svm: signer.svm,
    connectorId: `solana:${name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')}`,
    rejectNext: () => {
      rejectNext = true
    },
    revoke: async () => {
      authorized = false
      await page.evaluate((b) => (window as any)[`${b}_revoke`]?.(), binding).catch(() => undefined)
    },
  }
}

// Runs in the page: a Wallet Standard wallet registered through the window-event protocol.
function installInPage(a: {
  binding: string
  name: string
  icon: string
  chains: string[]
  address: string
  publicKey: number[]
  signIn: boolean
}) {
  const w = window as any
  const call = async (method: string, params: unknown) => {
    const r = await w[a.binding](method, params)
    if (r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code })
    return r.result
  }
  const account = Object.freeze({
    address: a.address,
    publicKey: new Uint8Array(a.publicKey),
    chains: a.chains,
    features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
  })
  let accounts: unknown[] = []
  const listeners = new Set<(p: unknown) => void>()
  const changed = () => {
    for (const fn of [...listeners]) fn({ accounts: accounts.slice() })
  }
  w[`${a.binding}_revoke`] = () => {
    accounts = []
    changed()
  }
  const each = async (inputs: any[], fn: (i: any) => Promise<unknown>) => {
    const out = []
    for (const i of inputs) out.push(await fn(i))
    return out
  }
  const wallet = {
    version: '1.0.0',
    name: a.name,
    icon: a.icon,
    chains: a.chains,
    get accounts() {
      return accounts.slice()
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          accounts = (await call('connect', { silent: !!input?.silent })) ? [account] : []
          return { accounts: accounts.slice() }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          await call('disconnect', {})
          accounts = []
          changed()
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: string, fn: (p: unknown) => void) {
          if (event !== 'change') return () => {}
          listeners.add(fn)
          return () => {
            listeners.delete(fn)
          }
        },
      },
      ...(a.signIn
        ? {
            'solana:signIn': {
              version: '1.0.0',
              signIn: (...i: any[]) =>
                each(i, async (input) => {
                  const r = await call('signIn', { input })
                  accounts = [account]
                  changed()
                  return {
                    account,
                    signedMessage: new Uint8Array(r.signedMessage),
                    signature: new Uint8Array(r.signature),
                    signatureType: 'ed25519',
                  }
                }),
            },
          }
        : {}),
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: (...i: any[]) =>
          each(i, async (x) => ({
            signedMessage: x.message,
            signature: new Uint8Array(await call('signMessage', { message: Array.from(x.message) })),
          })),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: (...i: any[]) =>
          each(i, async (x) => ({
            signedTransaction: new Uint8Array(
              await call('signTransaction', { transaction: Array.from(x.transaction), chain: x.chain }),
            ),
          })),
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: (...i: any[]) =>
          each(i, async (x) => ({
            signature: new Uint8Array(
              await call('signAndSendTransaction', { transaction: Array.from(x.transaction), chain: x.chain }),
            ),
          })),
      },
    },
  }
  const callback = (api: { register(w: unknown): unknown }) => api.register(wallet)
  try {
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  } catch {
    /* no app listening yet */
  }
  try {
    window.addEventListener('wallet-standard:app-ready', (e) => callback((e as CustomEvent).detail))
  } catch {
    /* ignore */
  }
}
