// Issue 30 #3: a public project id must not be a kill switch. Many addresses spending their whole per-IP budget on
// one project exhaust its budget; an address that has not abused the project must still be served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../config.js'
import type { RateLimiter } from '../rate-limit/limiter.js'
import type { Store } from '../store/store.js'
import { openApiLimiter } from './project-share.js'
import { requestFrom } from './testing/from-address.js'
import { openTestStore } from './testing/store.js'
import { startApi, type RunningApi } from './server.js'

const projectId = 'cd'.repeat(16)
// The defaults scaled down 120-fold, their ratios kept (per IP 1200 → 10, per project 60 000 → 500, share 300 → 3);
// a long window, so a slow machine does not see it roll over mid-test.
const config = resolveConfig({
  dataDir: 'memory://',
  rateLimitWindowSeconds: 3600,
  apiRateLimitPerIp: 10,
  apiRateLimitPerProject: 500,
  apiLimits: { projectSharePerIp: 3 },
})
let store: Store
let limiter: RateLimiter
let api: RunningApi
beforeAll(async () => {
  store = await openTestStore()
  limiter = await openApiLimiter(config)
  api = await startApi({ store, prepared: true, config, extra: { limiter } })
})
afterAll(async () => {
  await api?.close()
  await limiter?.close()
  await store?.close()
})

const hit = (from: string) => requestFrom(`${api.url}/v1/none?projectId=${projectId}`, { localAddress: from })

describe("the API's per-project budget (issue 30 #3)", () => {
  it('the server sees each loopback address as its own client', async () => {
    expect((await hit('127.0.0.2')).status).toBe(404)
  })

  it('52 addresses spending their per-IP budget on a project leave room for an address that has not abused it', async () => {
    const attackers = Array.from({ length: 52 }, (_, i) => `127.0.1.${i + 2}`)
    const statuses: number[] = []
    // 52 × 10 requests (bounded), eight addresses at a time
    for (let i = 0; i < attackers.length; i += 8)
      await Promise.all(
        attackers.slice(i, i + 8).map(async (ip) => {
          for (let n = 0; n < 10; n++) statuses.push((await hit(ip)).status)
        }),
      )
    // the attack did exhaust the project's budget: its heavy users are refused now
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0)
    expect((await hit(attackers[0])).status).toBe(429)
    // an honest visitor of the same project is still served, for its share of requests (3 here, 300 by default)
    for (let n = 0; n < 3; n++) expect((await hit('127.0.2.1')).status).toBe(404)
    expect((await hit('127.0.2.1')).status).toBe(429)
  }, 120_000)
})
