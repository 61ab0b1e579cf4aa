// The secure site as a service: on when a KEK (or a KEK file) is configured. On the local chains it deploys the
// ERC-4337 contracts and funds its own bundler; with the local mailbox in the process it mails codes there. Code
// limits count where the API's rate limits do (Redis, else PostgreSQL, else memory). Solana transactions go to the
// served Solana chains' RPC (the operator's `solanaChains`, the local node), directly, as EVM ones go to chainsOf().
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, isAbsolute, join } from 'node:path'
import { createTestClient, http, keccak256, parseEther, stringToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { chainsOf } from '../chains/service.js'
import { defineService } from '../compose.js'
import { ConfigError } from '../config.js'
import { deployAccountAbstraction } from '../contracts/account-abstraction.js'
import { limitStoreOf } from '../rate-limit/limiter.js'
import { solanaChainsOf } from '../solana/service.js'
import type { WalletChain } from './chains.js'
import { resolveSecureSiteConfig, type SolanaNetwork } from './config.js'
import { generateKek } from './seal.js'
import { startSecureSite, type RunningSecureSite } from './server.js'

declare module '../compose.js' {
  interface ServiceMap {
    secureSite: RunningSecureSite
  }
}

/** Solana networks the wallet signs for (mainnet, devnet, testnet); sending needs an RPC, see solanaNetworks(). */
export const SOLANA_NETWORKS = [
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
]

/**
 * The Solana networks the wallet serves: SOLANA_NETWORKS and every served chain, each with the RPC of the chain of its
 * id (the operator's `solanaChains`, the local node in its place), as the EVM chains come from chainsOf().
 */
export function solanaNetworks(chains: ReadonlyArray<{ caipNetworkId: string; rpcUrl: string }>): SolanaNetwork[] {
  const ids = [...new Set([...SOLANA_NETWORKS, ...chains.map((c) => c.caipNetworkId)])]
  return ids.map((caipNetworkId) => {
    const rpcUrl = chains.find((c) => c.caipNetworkId === caipNetworkId)?.rpcUrl
    return rpcUrl ? { caipNetworkId, rpcUrl } : { caipNetworkId }
  })
}

// The bundler of the local chains: a fixed key topped up through anvil, public knowledge, never used elsewhere.
const LOCAL_BUNDLER_KEY: Hex = keccak256(stringToHex('foyer local bundler'))

/** Reads the KEK from `file`, creating it (mode 600) with a random one when missing. */
export function readOrCreateKek(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    mkdirSync(dirname(file), { recursive: true })
    const kek = generateKek()
    writeFileSync(file, `${kek}\n`, { mode: 0o600, flag: 'wx' })
    return kek
  }
}

/** Serves the secure site on config.secureSite.port. */
export const secureSiteService = defineService({
  name: 'secureSite',
  needs: ['store'],
  uses: ['chains', 'mailbox', 'oidc', 'solana', 'paymaster'],
  async start(ctx) {
    const s = ctx.config.secureSite
    const inMemory = ctx.config.dataDir.startsWith('memory://')
    // A relative KEK file lives next to the data directory (`.foyer/` for `npm start`); a memory store gets a fresh KEK.
    const kekFile = s.kekFile && (isAbsolute(s.kekFile) ? s.kekFile : join(dirname(ctx.config.dataDir), s.kekFile))
    const kek = s.kek ?? (kekFile ? (inMemory ? generateKek() : readOrCreateKek(kekFile)) : undefined)
    if (!kek) return undefined
    const mailbox = ctx.get('mailbox')
    const smtp = s.smtp
      ? { ...s.smtp, from: s.smtp.from ?? `Foyer Wallet <wallet@${s.smtp.host}>` }
      : mailbox && { host: mailbox.smtp.host, port: mailbox.smtp.port, from: 'Foyer Wallet <wallet@foyer.local>' }
    if (!smtp) throw new ConfigError('secureSite needs SMTP: set FOYER_SMTP_HOST (or run the local mailbox)')
    const local = ctx.get('chains')?.chains ?? []
    let bundlerKey = s.bundlerKey as Hex | undefined
    if (!bundlerKey && local.length) bundlerKey = LOCAL_BUNDLER_KEY
    const chains: WalletChain[] = await Promise.all(
      chainsOf(ctx).map(async (c) => {
        const base: WalletChain = {
          caipNetworkId: c.caipNetworkId,
          chainId: c.chainId,
          name: c.name,
          rpcUrl: c.rpcUrl,
          nativeCurrency: { name: c.nativeName, symbol: c.nativeSymbol, decimals: c.nativeDecimals },
        }
        if (!local.some((l) => l.chainId === c.chainId)) return base
        const aa = await deployAccountAbstraction(c.rpcUrl)
        if (bundlerKey === LOCAL_BUNDLER_KEY)
          await createTestClient({ mode: 'anvil', transport: http(c.rpcUrl) }).setBalance({
            address: privateKeyToAccount(LOCAL_BUNDLER_KEY).address,
            value: parseEther('1000'),
          })
        return { ...base, ...aa }
      }),
    )
    // Social providers: the operator's credentials, else the local OpenID provider playing each one (demo, tests).
    const oidc = ctx.get('oidc')
    const social =
      s.social ?? (oidc && Object.fromEntries(oidc.clients.map((c) => [c.provider, { ...c, issuer: oidc.issuer }])))
    const f = s.farcaster
    const site = await startSecureSite({
      store: ctx.need('store').store,
      limitStore: limitStoreOf(ctx.config),
      sponsor: ctx.get('paymaster')?.sponsor,
      config: resolveSecureSiteConfig({
        port: s.port,
        host: ctx.config.host,
        publicUrl: s.publicUrl,
        kek,
        kekId: s.kekId,
        smtp,
        allowedOrigins: ctx.config.allowedOrigins,
        chains,
        solana: solanaNetworks(solanaChainsOf(ctx)),
        bundlerKey,
        codes: s.codes,
        trustProxy: ctx.config.trustProxy,
        logins: s.logins,
        social: social ?? {},
        farcaster: {
          ...(f?.appUrl ? { appUrl: f.appUrl } : {}),
          ...(f?.optimismRpcUrl
            ? { registry: { rpcUrl: f.optimismRpcUrl, ...(f.idRegistry ? { address: f.idRegistry as Hex } : {}) } }
            : {}),
        },
      }),
    })
    if (oidc && !s.social) await oidc.allowRedirect(`${site.url}/social/callback`)
    return site
  },
  describe: (site) => [
    `secure site ${site.url}`,
    `  social sign-in: ${Object.keys(site.config.social).join(', ') || 'none configured'}; Farcaster: ${site.config.farcaster.registry ? 'FID checked in the ID registry' : 'FID not checked (no FOYER_FARCASTER_OPTIMISM_RPC): logins keyed by custody address'}`,
  ],
})
