// The one composition root: which services a process runs, in which order, and how they stop. `npm start` runs all
// of them, `npm run server` the server's, a scaled deployment a subset (FOYER_SERVICES=api,indexer or =relay), a
// test the few it needs. Each service is a ServiceDefinition in its own folder, listed in server/services.ts.
//
// Adding a service (e.g. a mailbox page):
//   1. server/mailbox/service.ts:
//        declare module '../compose.js' { interface ServiceMap { mailbox: RunningService } }
//        export const mailboxService = defineService({
//          name: 'mailbox', needs: ['store'], uses: ['api'],
//          async start({ config, need, get }) { … return { url, close } },
//          describe: (m) => [`mailbox ${m.url}`],    // the line `npm start` prints
//        })
//   2. one line in SERVICES (server/services.ts);
//   3. its settings declared once in server/config/<role>.ts (type, default, FOYER_* variable, check, README row).
import { ConfigError, type ServerConfig } from './config.js'
import { explainStartFailure } from './ports.js'

/** Name → running handle of every service; each service's file adds its entry by declaration merging. */
export interface ServiceMap {}

/** A service's name. */
export type ServiceName = keyof ServiceMap & string

/** The least a running service hands back: how to stop it. */
export interface StartedService {
  close(): Promise<void>
}

/** What a service's start() receives. */
export interface ServiceContext {
  config: ServerConfig
  /** A service started before this one in this process (one it needs or uses), or undefined when it is not running. */
  get<K extends ServiceName>(name: K): ServiceMap[K] | undefined
  /** Like get(), but throws when the service is missing (only for names in `needs`). */
  need<K extends ServiceName>(name: K): ServiceMap[K]
}

/** One service of the stack. */
export interface ServiceDefinition<K extends ServiceName = ServiceName> {
  name: K
  /** Services it cannot run without: selecting it selects them; they start first. */
  needs?: ServiceName[]
  /** Services it uses when they run in the same process (e.g. local chains); they start first. */
  uses?: ServiceName[]
  /** Starts it; resolves undefined when it is not configured here (e.g. no chain to index) and so stays off. */
  start(ctx: ServiceContext): Promise<ServiceMap[K] | undefined>
  /** The lines `npm start` and `npm run server` print for it, each naming it, e.g. `API http://127.0.0.1:8787`. */
  describe?(running: ServiceMap[K]): string[]
}

/** Identity helper that types a definition by its name. */
export function defineService<K extends ServiceName>(def: ServiceDefinition<K>): ServiceDefinition<K> {
  return def
}

/** Options of startServices. */
export interface StartServicesOptions {
  /** Names to run (with what they need); default config.services, else every definition. */
  only?: readonly string[]
  /** Already running handles to use instead of starting those services (tests lend a store); never closed here. */
  provided?: Partial<ServiceMap>
}

/** A set of running services. */
export interface Services {
  get<K extends ServiceName>(name: K): ServiceMap[K] | undefined
  need<K extends ServiceName>(name: K): ServiceMap[K]
  /** Names of the services running, in start order. */
  names(): ServiceName[]
  /** Every running service's start-up lines, in start order. */
  lines(): string[]
  /** Stops the services in reverse start order; safe to call twice. */
  close(): Promise<void>
}

/** Starts the selected definitions, each after what it needs and uses, independent ones side by side. */
export async function startServices(
  config: ServerConfig,
  definitions: readonly ServiceDefinition[],
  opts: StartServicesOptions = {},
): Promise<Services> {
  const selected = selectServices(definitions, opts.only ?? config.services)
  const running = new Map<string, unknown>(Object.entries(opts.provided ?? {}))
  const lent = new Set(running.keys())
  const order: Array<{ def: ServiceDefinition; handle: StartedService }> = []
  const settledNames = new Set<string>(lent)
  const get = <K extends ServiceName>(name: K) => running.get(name) as ServiceMap[K] | undefined
  const need = <K extends ServiceName>(name: K): ServiceMap[K] => {
    const handle = get(name)
    if (handle === undefined) throw new ConfigError(`service "${name}" is needed but not running (not configured?)`)
    return handle
  }
  const stopAll = async (): Promise<void> => {
    for (const { def, handle } of order.splice(0).reverse())
      await handle.close().catch((err: unknown) => console.error(`[services] stopping ${def.name} failed:`, err))
  }

  try {
    let pending = selected.filter((d) => !lent.has(d.name))
    while (pending.length > 0) {
      const inSet = (n: string) => selected.some((d) => d.name === n)
      const ready = pending.filter((d) =>
        [...(d.needs ?? []), ...(d.uses ?? [])].every((n) => settledNames.has(n) || !inSet(n)),
      )
      if (ready.length === 0) throw new ConfigError(`services depend on each other in a cycle: ${names(pending)}`)
      // allSettled, not all: a failed service must not leave a sibling that finishes later running unstopped.
      const settled = await Promise.allSettled(ready.map((d) => d.start({ config, get, need })))
      settled.forEach((s, i) => {
        settledNames.add(ready[i].name)
        if (s.status === 'fulfilled' && s.value !== undefined) {
          running.set(ready[i].name, s.value)
          order.push({ def: ready[i], handle: s.value as StartedService })
        }
      })
      const failed = settled.findIndex((s) => s.status === 'rejected')
      // a busy port is said with the service, the port and the setting that moves it
      if (failed >= 0)
        throw await explainStartFailure((settled[failed] as PromiseRejectedResult).reason, ready[failed].name, config)
      pending = pending.filter((d) => !ready.includes(d))
    }
  } catch (err) {
    await stopAll()
    throw err
  }

  let closing: Promise<void> | undefined
  return {
    get,
    need,
    names: () => order.map((o) => o.def.name),
    lines: () => order.flatMap(({ def, handle }) => def.describe?.(handle as never) ?? []),
    close: () => (closing ??= stopAll()),
  }
}

/** The definitions named (all when `only` is absent) plus everything they need; an unknown name throws ConfigError. */
export function selectServices(
  definitions: readonly ServiceDefinition[],
  only: readonly string[] | undefined,
): ServiceDefinition[] {
  const byName = new Map(definitions.map((d) => [d.name as string, d]))
  if (!only) return [...byName.values()]
  const out = new Map<string, ServiceDefinition>()
  const add = (name: string, why: string): void => {
    if (out.has(name)) return
    const def = byName.get(name)
    if (!def)
      throw new ConfigError(`${why} names an unknown service "${name}"; known: ${[...byName.keys()].join(', ')}`)
    out.set(name, def)
    for (const n of def.needs ?? []) add(n, `service "${name}"`)
  }
  for (const name of only) add(name, 'services (FOYER_SERVICES)')
  return [...out.values()]
}

function names(defs: ServiceDefinition[]): string {
  return defs.map((d) => d.name).join(', ')
}
