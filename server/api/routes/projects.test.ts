import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_ALLOWED_ORIGINS } from '../../config.js'
import { createTestApi, type TestApi } from '../testing/harness.js'

const plain = '0123456789abcdef0123456789abcdef'
const custom = 'ABCDEF0123456789ABCDEF0123456789'
const emptyList = 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
type Features = { features: Array<{ id: string; isEnabled: boolean; config: unknown }> }

let api: TestApi
beforeAll(async () => {
  api = await createTestApi({
    config: {
      features: { multiWallet: { isEnabled: true } },
      projects: {
        [custom.toLowerCase()]: {
          allowedOrigins: ['https://app.example.com', 'https://*.example.org'],
          features: { swaps: { isEnabled: false }, socials: { config: ['google', 'github'] } },
        },
        [emptyList]: { allowedOrigins: [] },
      },
    },
  })
})
afterAll(() => api?.close())

describe('GET /v1/projects/{projectId}/config', () => {
  it('lists every remote feature with SPEC §9 defaults (plus server-wide overrides)', async () => {
    const res = await api.client.get<Features>(`/v1/projects/${plain}/config`)
    expect(res.status).toBe(200)
    const byId = Object.fromEntries(res.body.features.map((f) => [f.id, f]))
    expect(Object.keys(byId)).toEqual([
      'email',
      'socials',
      'swaps',
      'onramp',
      'activity',
      'reownBranding',
      'multiWallet',
      'emailCapture',
      'payWithExchange',
      'payments',
      'reownAuthentication',
      'passkeys',
    ])
    // What this server has: swaps on its chains' Uniswap V2 pools, its own on-ramp provider ("local").
    expect(byId.swaps).toEqual({ id: 'swaps', isEnabled: true, config: ['uniswap-v2'] })
    expect(byId.onramp).toEqual({ id: 'onramp', isEnabled: true, config: ['local'] })
    expect(byId.email.isEnabled).toBe(true)
    expect(byId.activity.isEnabled).toBe(true)
    // issue 36: passkey login is off until the operator turns it on
    expect(byId.passkeys).toEqual({ id: 'passkeys', isEnabled: false, config: null })
    expect(byId.socials.config).toEqual(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
    // multiWallet defaults off; this server turns it on for everyone.
    expect(byId.multiWallet.isEnabled).toBe(true)
  })

  it('applies per-project overrides whatever the id case', async () => {
    const res = await api.client.get<Features>(`/v1/projects/${custom}/config`)
    const byId = Object.fromEntries(res.body.features.map((f) => [f.id, f]))
    expect(byId.swaps).toEqual({ id: 'swaps', isEnabled: false, config: ['uniswap-v2'] })
    expect(byId.socials).toEqual({ id: 'socials', isEnabled: true, config: ['google', 'github'] })
  })

  it.each(['abc', 'g'.repeat(32), '0'.repeat(33), '%20'])('rejects project id "%s" with 400', async (id) => {
    const res = await api.client.get<{ error: string; reasons: Array<{ field: string; description: string }> }>(
      `/v1/projects/${id}/config`,
    )
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('invalid_project_id')
    expect(res.body.reasons[0].field).toBe('projectId')
    expect(res.body.reasons[0].description).toMatch(/32 hex digits/)
  })
})

describe('GET /v1/projects/{projectId}/origins', () => {
  it('answers the default list for an unconfigured project', async () => {
    const res = await api.client.get<{ allowedOrigins: string[] }>(`/v1/projects/${plain}/origins`)
    expect(res.status).toBe(200)
    expect(res.body.allowedOrigins).toEqual(DEFAULT_ALLOWED_ORIGINS)
    expect(res.body.allowedOrigins).toEqual(
      expect.arrayContaining([
        'http://localhost:*',
        'https://*.vercel.app',
        'https://*.pages.dev',
        'https://*.ngrok-free.app',
      ]),
    )
  })

  it("answers a configured project's own list", async () => {
    const res = await api.client.get<{ allowedOrigins: string[] }>(`/v1/projects/${custom}/origins`)
    expect(res.body.allowedOrigins).toEqual(['https://app.example.com', 'https://*.example.org'])
  })

  it('answers the default list for a project whose own list is empty (SPEC §5: its list or the defaults)', async () => {
    const res = await api.client.get<{ allowedOrigins: string[] }>(`/v1/projects/${emptyList}/origins`)
    expect(res.body.allowedOrigins).toEqual(DEFAULT_ALLOWED_ORIGINS)
  })

  it('rejects a malformed project id', async () => {
    const res = await api.client.get(`/v1/projects/not-a-project/origins`)
    expect(res.status).toBe(400)
  })
})
