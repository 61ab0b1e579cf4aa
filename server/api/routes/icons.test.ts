import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ICON_KINDS, iconSvg } from '../../icons/icons.js'
import { NETWORK_ICONS, TOKEN_ICONS, WALLET_ICONS } from '../../icons/source.js'
import { createTestApi, type TestApi } from '../testing/harness.js'

let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(async () => {
  await api.close()
})

describe('GET /v1/icons/{kind}/{name}', () => {
  it('serves the shipped marks as SVG that cannot run script', async () => {
    const res = await api.app.request('/v1/icons/networks/eip155:8453')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'")
    const svg = await res.text()
    expect(svg).toBe(iconSvg('networks', 'eip155:8453'))
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/)
    // Token symbols match whatever their case; WalletConnect's mark is under wallets.
    expect((await api.app.request('/v1/icons/tokens/usdc')).status).toBe(200)
    expect((await api.app.request('/v1/icons/wallets/walletconnect')).status).toBe(200)
  })

  it('ships every listed mark, none with script or external references', () => {
    const listed = {
      networks: Object.keys(NETWORK_ICONS),
      tokens: TOKEN_ICONS,
      wallets: Object.keys(WALLET_ICONS),
    }
    for (const kind of ICON_KINDS) {
      for (const key of listed[kind]) {
        const svg = iconSvg(kind, key)
        expect(svg, `${kind}/${key}`).toMatch(/^<svg [\s\S]*<\/svg>$/)
        expect(svg).not.toMatch(/<script|on\w+=|href="http/i)
      }
    }
  })

  it('draws a disc for a token without a mark; 400 for a bad symbol; 404 for an unknown kind or network', async () => {
    const disc = await api.app.request('/v1/icons/tokens/__proto__')
    expect(disc.status).toBe(200)
    expect(await disc.text()).toMatch(/<circle [^>]*\/><text [^>]*>PROT<\/text>/)
    expect((await api.client.get(`/v1/icons/tokens/${'A'.repeat(33)}`)).status).toBe(400)
    for (const path of ['/v1/icons/networks/eip155:999999', '/v1/icons/people/alice', '/v1/icons/networks/__proto__']) {
      const res = await api.client.get(path)
      expect(res.status, path).toBe(404)
      expect(res.body).toMatchObject({ error: 'not_found' })
    }
  })
})
