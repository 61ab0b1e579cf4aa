// The connectors plugins registered (kernel/contracts/connector.ts), remembered under the kernel's storage prefix so
// a reload restores their connections before the providing plugin has loaded, and which of them holds each
// namespace's bridged connection.
import {
  connectorProblem,
  FoyerError,
  type Connector,
  type ConnectorInfo,
  type PluginContext,
} from '../../../kernel/index.js'

/** Storage key of the bridged connector id per namespace. */
export const BridgedConnectorsKey = 'bridged_connectors'
/** Storage key of the registered connectors, by id. */
export const RegisteredConnectorsKey = 'registered_connectors'

/** The registry over the plugin's context. */
export function createConnectorRegistry(ctx: () => PluginContext) {
  const known = () => ctx().storage.get<Record<string, string>>(BridgedConnectorsKey) ?? {}
  const all = () => ctx().storage.get<Record<string, Connector>>(RegisteredConnectorsKey) ?? {}
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
    /** Checks and keeps `c`; an EXTERNAL one is listed on Connect in each of its namespaces. */
    register(c: Connector) {
      const problem = connectorProblem(c)
      if (problem) throw new FoyerError(problem, { code: 'INVALID_CONNECTOR', category: 'CONFIGURATION' })
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
