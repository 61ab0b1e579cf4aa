// One connector-discovery skeleton for every adapter: a lazily started discovery (EIP-6963 events, Wallet Standard
// registrations or WBIP004's list), the current connectors, change listeners, and waiting for one connector to show up.
// Timers come from the kernel's injected clock, so reload restores and tests run on the same time as everything else.
import type { Clock, TimerHandle } from '../../kernel/index.js'
import type { ConnectorInfo } from './adapter.js'

/** A discovered wallet: its connector description plus the live object the adapter talks to. */
export interface Discovered<T> {
  connector: ConnectorInfo
  value: T
}

/** How an adapter discovers its wallets. */
export interface DiscoverySource<T> {
  /** Starts discovery; `found` receives the full list whenever it changes. Returns stop. */
  start(found: (list: Discovered<T>[]) => void): () => void
  /** For sources without events: look again now (polled while someone waits). */
  refresh?(): void
  /** How often to poll `refresh` while waiting (default 100 ms). */
  pollMs?: number
}

/** The connectors an adapter knows, kept current from its discovery source. */
export interface ConnectorWatch<T> {
  /** Starts discovery if it is not running. */
  ensure(): void
  /** The live object of `connectorId`, starting discovery first. */
  get(connectorId: string): T | undefined
  /** Every connector known now. */
  connectors(): ConnectorInfo[]
  /** Calls `onChange` now and on every change; returns stop (discovery ends for good with the last listener). */
  watch(onChange: (connectors: ConnectorInfo[]) => void): () => void
  /** Resolves true once `connectorId` is discovered, false after `timeoutMs`. */
  waitFor(connectorId: string, timeoutMs: number): Promise<boolean>
}

/** Creates a {@link ConnectorWatch} over `source`, timed by `clock`. */
export function createConnectorWatch<T>(clock: Clock, source: DiscoverySource<T>): ConnectorWatch<T> {
  const known = new Map<string, Discovered<T>>()
  const listeners = new Set<(c: ConnectorInfo[]) => void>()
  const waiters = new Set<() => void>()
  let stop: (() => void) | undefined
  // Once the last watcher leaves (the plugin's teardown), discovery stays off: late calls must not restart it.
  let ended = false
  const list = () => [...known.values()].map((d) => d.connector)
  const ensure = () => {
    if (ended) return
    stop ??= source.start((found) => {
      known.clear()
      for (const d of found) known.set(d.connector.id, d)
      const connectors = list()
      for (const l of [...listeners]) l(connectors)
      for (const w of [...waiters]) w()
    })
  }
  return {
    ensure,
    get(connectorId) {
      ensure()
      if (!known.has(connectorId)) source.refresh?.()
      return known.get(connectorId)?.value
    },
    connectors() {
      ensure()
      return list()
    },
    watch(onChange) {
      listeners.add(onChange)
      ensure()
      onChange(list())
      return () => {
        listeners.delete(onChange)
        if (listeners.size) return
        ended = true
        stop?.()
        stop = undefined
        for (const w of [...waiters]) w()
      }
    },
    waitFor(connectorId, timeoutMs) {
      ensure()
      source.refresh?.()
      if (known.has(connectorId)) return Promise.resolve(true)
      return new Promise((resolve) => {
        let poll: TimerHandle | undefined
        const done = (ok: boolean) => {
          waiters.delete(check)
          clock.clearTimeout(deadline)
          if (poll) clock.clearTimeout(poll)
          resolve(ok)
        }
        const check = () => {
          if (known.has(connectorId)) done(true)
          else if (ended) done(false)
        }
        const deadline = clock.setTimeout(() => done(false), timeoutMs)
        const tick = () => {
          source.refresh?.()
          if (waiters.has(check)) poll = clock.setTimeout(tick, source.pollMs ?? 100)
        }
        waiters.add(check)
        if (source.refresh) poll = clock.setTimeout(tick, source.pollMs ?? 100)
      })
    },
  }
}
