// The one connector registry (kernel/contracts/connector.ts): the built-in transports the namespaces plugin provides
// (kept in memory: they come back with the plugin) and the connectors plugins registered (remembered under the
// kernel's storage prefix so a reload restores their connections before the providing plugin has loaded), which of
// the latter holds each namespace's bridged connection, and which connector serves a connection (`resolve`).
import {
  FoyerError,
  type Connector,
  type ConnectorRequests,
  type ConnectorInfo,
  type PluginContext,
} from '../../../kernel/index.js'

/** Storage key of the bridged connector id per namespace. */
export const BridgedConnectorsKey = 'bridged_connectors'
/** Storage key of the registered connectors, by id. */
export const RegisteredConnectorsKey = 'registered_connectors'

/** Why `c` cannot be registered, or undefined when it can. */
export function connectorProblem(c: unknown): string | undefined {
  const x = c as Partial<Connector> | null
  const name = (v: unknown) => typeof v === 'string' && v.trim() !== ''
  if (!x || typeof x !== 'object') return 'a connector must be an object'
  if (!name(x.id)) return 'connector.id must be a non-empty string'
  if (!name(x.name)) return `connector ${x.id}: name must be a non-empty string`
  if (x.type !== 'EXTERNAL' && x.type !== 'AUTH') return `connector ${x.id}: type must be "EXTERNAL" or "AUTH"`
  if (!Array.isArray(x.namespaces) || !x.namespaces.length || !x.namespaces.every(name))
    return `connector ${x.id}: namespaces must list at least one namespace`
  const r = (x.requests ?? {}) as Partial<Record<keyof ConnectorRequests, unknown>>
  for (const k of ['reconnect', 'disconnect', 'switchNetwork', 'rpc'] as const)
    if (!name(r[k])) return `connector ${x.id}: requests.${k} must name a request`
  if (r.connect !== undefined && !name(r.connect)) return `connector ${x.id}: requests.connect must name a request`
  if (x.type === 'EXTERNAL' && !r.connect) return `connector ${x.id}: an EXTERNAL connector needs requests.connect`
  for (const [k, v] of Object.entries(x.events ?? {}))
    if (!name(v)) return `connector ${x.id}: events.${k} must name an event`
  return undefined
}

/** The registry over the plugin's context. */
export function createConnectorRegistry(ctx: () => PluginContext) {
  const known = () => ctx().storage.get<Record<string, string>>(BridgedConnectorsKey) ?? {}
  const all = () => ctx().storage.get<Record<string, Connector>>(RegisteredConnectorsKey) ?? {}
  const builtIn = new Map<string, Connector>()
  const check = (c: Connector) => {
    const problem = connectorProblem(c)
    if (problem) throw new FoyerError(problem, { code: 'INVALID_CONNECTOR', category: 'CONFIGURATION' })
  }
  return {
    /** The bridged connector id of each namespace that has one. */
    known,
    /** Records (or, with no id, forgets) the bridged connector of `namespace`. */
    remember(namespace: string, connectorId: string | undefined) {
      const next = { ...known() }
      if (connectorId) next[namespace] = connectorId
      else delete next[namespace]
      ctx().storage.set(BridgedConnectorsKey, next)
    },
    /** The registered connector `id`, if any. */
    get: (id: string): Connector | undefined => all()[id],
    /** Keeps a built-in transport's connector (its wallets are listed by discovery, not here). */
    provide(c: Connector) {
      check(c)
      builtIn.set(c.id, c)
    },
    /**
     * The connector serving the connection `id` in `namespace`: the built-in one of that id, else a plugin's that
     * holds it there or connects there from its own row, else the namespace's built-in family (its discovered wallets).
     */
    resolve(id: string, namespace: string): { connector: Connector; plugin: boolean } | undefined {
      const own = builtIn.get(id)
      if (own?.namespaces.includes(namespace)) return { connector: own, plugin: false }
      const p = all()[id]
      if (p && (known()[namespace] === id || (!!p.requests.connect && p.namespaces.includes(namespace))))
        return { connector: p, plugin: true }
      const family = [...builtIn.values()].find((c) => c.family && c.namespaces.includes(namespace))
      return family && { connector: family, plugin: false }
    },
    /** Checks and keeps `c`; an EXTERNAL one is listed on Connect in each of its namespaces. */
    register(c: Connector) {
      check(c)
      ctx().storage.set(RegisteredConnectorsKey, { ...all(), [c.id]: c })
      if (c.type !== 'EXTERNAL') return
      const info = (namespace: string): ConnectorInfo => ({
        id: c.id,
        name: c.name,
        type: 'EXTERNAL',
        namespace,
        ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}),
        registered: true,
      })
      ctx().emit('connectors/registered', { connectors: c.namespaces.map(info) })
    },
  }
}

/** The registry's interface. */
export type ConnectorRegistry = ReturnType<typeof createConnectorRegistry>
