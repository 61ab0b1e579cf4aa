// The local ready-made config: nonces made in the page, sessions verified in the browser (EVM through viem with a
// client reading the chain through Foyer's `chain/read`, Solana ed25519, Bitcoin BIP-322/BIP-137) and kept in storage.
import { createClient, custom } from 'viem'
import type { SIWXConfig, SIWXSession } from '../../../kernel/index.js'
import { dateTimeMs } from '../../../protocol/siwx/message.js'
import { verifySiwx } from '../../../protocol/siwx/verify/index.js'
import { buildMessage, type ReadySiwxOptions } from './common.js'
import type { SiwxEnvironment } from './environment.js'

/** Where the local config keeps its sessions. */
export const LocalSessionsKey = 'siwx_sessions'

// A kept session whose date is off the calendar (NaN) is dropped, never kept forever.
const alive = (s: SIWXSession, now: number) => !s.data.expirationTime || dateTimeMs(s.data.expirationTime) > now
const same = (s: SIWXSession, chainId: string, address: string) =>
  s.data.chainId === chainId && s.data.accountAddress.toLowerCase() === address.toLowerCase()

/** Creates the local config over the plugin's environment. */
export function createLocalConfig(o: ReadySiwxOptions, env: SiwxEnvironment): SIWXConfig {
  const issued = new Set<string>()
  const read = () =>
    (env.storage.get<SIWXSession[]>(LocalSessionsKey) ?? []).filter((s) => s?.data && alive(s, env.now()))
  const write = (list: SIWXSession[]) => env.storage.set(LocalSessionsKey, list)
  const evmClient = (chainId: string) =>
    createClient({ transport: custom({ request: ({ method, params }) => env.readChain(chainId, method, params) }) })
  const verify = async (s: SIWXSession) => {
    if (!issued.delete(s.data.nonce)) throw new Error('the nonce was not issued here or was used already')
    const verdict = await verifySiwx(s, { now: env.now(), domain: env.domain, evmClient })
    if (!verdict.ok) throw new Error(verdict.reason)
  }
  return {
    async createMessage(input) {
      const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => (b % 36).toString(36)).join('')
      issued.add(nonce)
      return buildMessage(o, env, input, nonce)
    },
    async addSession(s) {
      await verify(s)
      write([...read().filter((x) => !same(x, s.data.chainId, s.data.accountAddress)), s])
    },
    async getSessions(chainId, address) {
      return read().filter((s) => same(s, chainId, address))
    },
    async revokeSession(chainId, address) {
      write(read().filter((s) => !same(s, chainId, address)))
    },
    async setSessions(sessions) {
      for (const s of sessions) await verify(s)
      write(sessions)
    },
    getRequired: () => !!o.required,
    signOutOnDisconnect: o.signOutOnDisconnect ?? true,
  }
}
