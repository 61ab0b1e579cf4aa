import { describe, expect, it } from 'vitest'
import { startServices, type ServiceContext, type ServiceDefinition } from './compose.js'
import { ConfigError, resolveConfig } from './config.js'

// Test services use names outside ServiceMap, hence the casts.
interface Fake {
  name: string
  needs?: string[]
  uses?: string[]
  off?: boolean
  fail?: boolean
}
function fakes(log: string[], specs: Fake[]): ServiceDefinition[] {
  return specs.map(
    (s) =>
      ({
        name: s.name,
        needs: s.needs,
        uses: s.uses,
        async start(ctx: ServiceContext) {
          await new Promise((r) => setTimeout(r, 5))
          const seen = [...(s.needs ?? []), ...(s.uses ?? [])].map((n) => `${n}=${ctx.get(n as never) ? 'on' : 'off'}`)
          log.push(`start ${s.name}${seen.length ? ` (${seen.join(' ')})` : ''}`)
          if (s.fail) throw new Error(`${s.name} broke`)
          if (s.off) return undefined
          return { url: `x://${s.name}`, close: async () => void log.push(`stop ${s.name}`) }
        },
        describe: (r: { url: string }) => [`${s.name} ${r.url}`],
      }) as unknown as ServiceDefinition,
  )
}
const config = resolveConfig({ dataDir: 'memory://' })

describe('startServices', () => {
  it('starts each service after what it needs and uses, stops them in reverse, prints their lines', async () => {
    const log: string[] = []
    const defs = fakes(log, [
      { name: 'api', needs: ['store'], uses: ['chains'] },
      { name: 'chains' },
      { name: 'store' },
      { name: 'demo', uses: ['api', 'relay'] },
      { name: 'relay' },
    ])
    const running = await startServices(config, defs)
    expect(log.slice(0, 3).sort()).toEqual(['start chains', 'start relay', 'start store'])
    expect(log.slice(3)).toEqual(['start api (store=on chains=on)', 'start demo (api=on relay=on)'])
    expect(running.lines()).toEqual(expect.arrayContaining(['api x://api', 'demo x://demo']))
    expect(running.lines().at(-1)).toBe('demo x://demo')
    log.length = 0
    await Promise.all([running.close(), running.close()])
    expect(log[0]).toBe('stop demo')
    expect(log[1]).toBe('stop api')
    expect(log).toHaveLength(5)
  })

  it('runs a chosen subset with what it needs, not what it merely uses', async () => {
    const log: string[] = []
    const defs = fakes(log, [
      { name: 'api', needs: ['store'], uses: ['chains'] },
      { name: 'chains' },
      { name: 'store' },
    ])
    const running = await startServices(resolveConfig({ ...config, services: ['api'] }), defs)
    expect(log).toEqual(['start store', 'start api (store=on chains=off)'])
    expect(running.names()).toEqual(['store', 'api'])
    await running.close()
  })

  it('leaves off a service that is not configured and uses a lent handle without closing it', async () => {
    const log: string[] = []
    const defs = fakes(log, [
      { name: 'chains', off: true },
      { name: 'api', needs: ['store'], uses: ['chains'] },
    ])
    const lent = { close: async () => void log.push('closed the lent store') }
    const running = await startServices(config, defs, { provided: { store: lent } as never })
    expect(running.names()).toEqual(['api'])
    expect(log).toContain('start api (store=on chains=off)')
    await running.close()
    expect(log).not.toContain('closed the lent store')
  })

  it('refuses an unknown name, naming the known ones', async () => {
    await expect(startServices(config, fakes([], [{ name: 'api' }]), { only: ['apj'] })).rejects.toThrow(
      new ConfigError('services (FOYER_SERVICES) names an unknown service "apj"; known: api'),
    )
  })

  it('stops what already started when one service fails', async () => {
    const log: string[] = []
    const defs = fakes(log, [{ name: 'store' }, { name: 'relay', fail: true }, { name: 'api', needs: ['store'] }])
    await expect(startServices(config, defs)).rejects.toThrow('relay broke')
    expect(log).toContain('stop store')
    expect(log).not.toContain('start api (store=on)')
  })
})
