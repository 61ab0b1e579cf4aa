// Test support: a fake API server for the project plugin's requests (routes by path, records every call).
import { createHttp, type HttpClient } from '../../kernel/index.js'

/** One recorded call. */
export interface ApiCall {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
}

/** A route's answer: status and JSON body. */
export type ApiAnswer = { status: number; body?: unknown }

/** An HTTP client over a fake API: `routes` answers by "METHOD /path"; unknown routes answer 404. */
export function fakeApi(routes: Record<string, ApiAnswer | ((call: ApiCall) => ApiAnswer)>): {
  http: HttpClient
  calls: ApiCall[]
} {
  const calls: ApiCall[] = []
  const fetch = (async (url: string, init: RequestInit) => {
    const u = new URL(url)
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: u.pathname,
      query: Object.fromEntries(u.searchParams),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    }
    calls.push(call)
    const route = routes[`${call.method} ${call.path}`]
    const answer = typeof route === 'function' ? route(call) : (route ?? { status: 404, body: { error: 'not_found' } })
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    })
  }) as unknown as typeof globalThis.fetch
  const http = createHttp({
    baseUrl: 'http://api.test/',
    fetch,
    params: { projectId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f', st: 'foyer', sv: 'foyer-test' },
  })
  return { http, calls }
}

/** A project config answer with the project server's defaults, `overrides` applied (id → isEnabled or { isEnabled, config }). */
export function projectConfig(overrides: Record<string, boolean | { isEnabled: boolean; config: unknown }> = {}) {
  const defaults: Record<string, { isEnabled: boolean; config: unknown }> = {
    email: { isEnabled: true, config: null },
    socials: { isEnabled: true, config: ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] },
    swaps: { isEnabled: true, config: ['uniswap-v2'] },
    onramp: { isEnabled: true, config: ['local'] },
    activity: { isEnabled: true, config: null },
    reownBranding: { isEnabled: true, config: null },
    multiWallet: { isEnabled: false, config: null },
    emailCapture: { isEnabled: false, config: null },
    payWithExchange: { isEnabled: false, config: null },
    payments: { isEnabled: false, config: null },
    reownAuthentication: { isEnabled: false, config: null },
    passkeys: { isEnabled: false, config: null },
  }
  return {
    features: Object.entries(defaults).map(([id, d]) => {
      const o = overrides[id]
      return { id, ...(o === undefined ? d : typeof o === 'boolean' ? { ...d, isEnabled: o } : o) }
    }),
  }
}
