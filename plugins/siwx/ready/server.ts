// The server-backed ready-made config: the Foyer server issues the nonce, verifies the signature and answers a session
// token (JWT) that the page keeps and a host backend checks against the server's /.well-known/jwks.json.
import type { SIWXConfig, SIWXSession } from '../../../kernel/index.js'
import { HttpError } from '../../../kernel/index.js'
import { buildMessage, type ReadySiwxOptions } from './common.js'
import type { SiwxEnvironment } from './environment.js'

/** Where the server-backed config keeps its tokens, by account. */
export const ServerTokensKey = 'siwx_tokens'

interface Stored {
  token: string
  id: string
  session: SIWXSession
}
interface ServerSession {
  id: string
  data: SIWXSession['data']
  message: string
  signature: string
}

const keyOf = (chainId: string, address: string) => `${chainId}|${address.toLowerCase()}`
const expiry = (token: string) => {
  try {
    return Number(JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).exp) * 1000
  } catch {
    return 0
  }
}

/** Creates the server-backed config over the plugin's environment. */
export function createServerConfig(o: ReadySiwxOptions, env: SiwxEnvironment): SIWXConfig {
  const read = () => env.storage.get<Record<string, Stored>>(ServerTokensKey) ?? {}
  const write = (all: Record<string, Stored>) => env.storage.set(ServerTokensKey, all)
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  const add = async (s: SIWXSession) => {
    const r = await env.http
      .post<{ token: string; session: ServerSession }>({
        path: 'v1/siwx/sessions',
        body: { data: s.data, message: s.message, signature: s.signature },
      })
      .catch((e: unknown) => {
        // The server's reason ("the message was signed for another domain", …) is what the visitor needs to read.
        throw e instanceof HttpError && e.reason
          ? Object.assign(new Error(e.reason), { reason: e.reason, cause: e })
          : e
      })
    const session = { data: r.session.data, message: r.session.message, signature: r.session.signature, token: r.token }
    write({ ...read(), [keyOf(s.data.chainId, s.data.accountAddress)]: { token: r.token, id: r.session.id, session } })
  }
  return {
    async createMessage(input) {
      const { nonce } = await env.http.post<{ nonce: string }>({ path: 'v1/siwx/nonces' })
      return buildMessage(o, env, input, nonce)
    },
    addSession: add,
    async getSessions(chainId, address) {
      const all = read()
      const k = keyOf(chainId, address)
      const stored = all[k]
      if (!stored) return []
      if (expiry(stored.token) > env.now()) {
        try {
          await env.http.get({ path: 'v1/siwx/sessions/current', headers: bearer(stored.token) })
          return [stored.session]
        } catch (e) {
          if (!(e instanceof HttpError && e.status === 401)) throw e
        }
      }
      // Expired or revoked on the server: forget it.
      delete all[k]
      write(all)
      return []
    },
    async revokeSession(chainId, address) {
      const all = read()
      const k = keyOf(chainId, address)
      const stored = all[k]
      if (!stored) return
      delete all[k]
      write(all)
      await env.http
        .delete({ path: `v1/siwx/sessions/${encodeURIComponent(stored.id)}`, headers: bearer(stored.token) })
        .catch(() => undefined)
    },
    async setSessions(sessions) {
      for (const s of sessions) await add(s)
    },
    getRequired: () => !!o.required,
    signOutOnDisconnect: o.signOutOnDisconnect ?? true,
  }
}
