// The server-backed ready-made config: the Foyer server issues the nonce, verifies the signature and answers a session
// token (JWT) that the page keeps and a host backend checks against the server's /.well-known/jwks.json. With the
// token it also confirms an email for the account (email capture: a code mailed by the server).
import type { SIWXConfig, SIWXSession } from '../../../kernel/index.js'
import { HttpError } from '../../../kernel/index.js'
import type { SiwxEmailCapture } from '../capture.js'
import { buildMessage, type ReadySiwxOptions } from './common.js'
import type { SiwxEnvironment } from './environment.js'

/** Where the server-backed config keeps its tokens, by account. */
export const ServerTokensKey = 'siwx_tokens'

interface Stored {
  token: string
  id: string
  session: SIWXSession
  /** The account's confirmed email as the server last said (null: none; absent: not asked yet). */
  email?: string | null
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
export function createServerConfig(o: ReadySiwxOptions, env: SiwxEnvironment): SIWXConfig & SiwxEmailCapture {
  const read = () => env.storage.get<Record<string, Stored>>(ServerTokensKey) ?? {}
  const write = (all: Record<string, Stored>) => env.storage.set(ServerTokensKey, all)
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  const tokenOf = (chainId: string, address: string) => {
    const stored = read()[keyOf(chainId, address)]
    if (!stored) throw new Error('Sign in first: no session for this account')
    return stored.token
  }
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
          const r = await env.http.get<{ email?: string | null }>({
            path: 'v1/siwx/sessions/current',
            headers: bearer(stored.token),
          })
          write({ ...all, [k]: { ...stored, email: r.email ?? null } })
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
    async accountEmail(chainId, address) {
      const k = keyOf(chainId, address)
      const stored = read()[k]
      if (!stored) return undefined
      if (stored.email !== undefined) return stored.email ?? undefined
      const r = await env.http.get<{ email?: string | null }>({
        path: 'v1/siwx/sessions/current',
        headers: bearer(stored.token),
      })
      write({ ...read(), [k]: { ...stored, email: r.email ?? null } })
      return r.email ?? undefined
    },
    sendEmailCode: ({ chainId, address, email }) =>
      env.http.post<{ email: string; resendAfterSeconds: number }>({
        path: 'v1/siwx/email/codes',
        body: { email },
        headers: bearer(tokenOf(chainId, address)),
      }),
    async confirmEmail({ chainId, address, email, code }) {
      const r = await env.http.post<{ email: string }>({
        path: 'v1/siwx/email',
        body: { email, code },
        headers: bearer(tokenOf(chainId, address)),
      })
      const k = keyOf(chainId, address)
      const stored = read()[k]
      if (stored) write({ ...read(), [k]: { ...stored, email: r.email } })
      return r
    },
    getRequired: () => !!o.required,
    signOutOnDisconnect: o.signOutOnDisconnect ?? true,
  }
}
