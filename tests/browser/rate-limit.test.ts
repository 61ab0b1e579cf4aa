// Rate limits as a person and an operator meet them: a burst from one client address past the API's per-IP budget
// gets 429s with Retry-After and the SPEC error body while a second client (another loopback address) keeps being
// served; the modal of a page on the limited address shows the RATE_LIMITED alert (APKT010) once, however many of
// its requests are refused. The counters live in Redis when one is available (REDIS_URL), else in memory.
import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { browserFixture } from './fixture.js'

const BUDGET = 12
const stack = browserFixture({
  services: ['api'],
  config: {
    apiRateLimitPerIp: BUDGET,
    rateLimitWindowSeconds: 120,
    ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
    redisPrefix: `foyer-test:rl:${process.pid}:${Date.now().toString(36)}:`,
  },
})

/** A GET from a chosen local address (127.0.0.1 and 127.0.0.2 are two clients to the server). */
function get(url: string, localAddress: string): Promise<{ status: number; retryAfter?: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress, agent: false }, (res) => {
      let text = ''
      res.on('data', (d: Buffer) => (text += d.toString()))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'] as string,
          body: JSON.parse(text),
        }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

describe('rate limits', () => {
  it('answers a burst with 429 and Retry-After, serves another client, and the modal shows APKT010 once', async () => {
    const api = stack.services.need('api').url
    const burst = []
    for (let i = 0; i < BUDGET + 8; i++) burst.push(await get(`${api}/v1/wallets?entries=1`, '127.0.0.1'))
    expect(burst.slice(0, BUDGET).every((r) => r.status === 200)).toBe(true)
    const limited = burst.slice(BUDGET)
    expect(limited.map((r) => r.status)).toEqual(Array(8).fill(429))
    for (const r of limited) expect(Number(r.retryAfter)).toBeGreaterThan(0)
    expect(limited[0].body).toMatchObject({
      error: 'rate_limited',
      message: expect.stringContaining('Too many requests'),
      reasons: [{ description: expect.stringContaining('RATE_LIMITED') }],
    })
    // Another client address is untouched, and operator endpoints are never limited.
    expect((await get(`${api}/v1/wallets?entries=1`, '127.0.0.2')).status).toBe(200)
    expect((await get(`${api}/healthz`, '127.0.0.1')).status).toBe(200)

    // A page on the limited address: each of its registry requests is refused, the alert comes once.
    const page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } })
    const refused: string[] = []
    page.on('response', (r) => void (r.status() === 429 && refused.push(r.url())))
    await page.goto(stack.demo.url)
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('foyer-view-Connect').waitFor()
    // The registry's first page is the page's first API request.
    await page.getByTestId('all-wallets-button').click()
    await page.getByTestId('alert-message').waitFor()
    expect(await page.getByTestId('alert-message').textContent()).toContain('RATE_LIMITED')
    await page.getByTestId('wallet-search').fill('meta')
    await expect.poll(() => refused.length).toBeGreaterThan(1)
    const shown = await page.evaluate(
      () =>
        (window as any).foyer.kernel
          .log()
          .events.filter((e: any) => e.type === 'alert/shown' && e.payload.code === 'APKT010').length,
    )
    expect(shown).toBe(1)
    await page.close()
  })
})
