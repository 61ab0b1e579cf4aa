// The one check a network passes to be configured, and the one way it is completed (its picture): at start
// (createFoyer's `networks`) and when a host adds one later (`foyer.addNetwork`), so both accept the same networks.
import { parseCaipNetworkId } from './caip.js'
import type { NetworkInfo } from './core/config.js'
import { FoyerError } from './errors.js'
import { apiIconUrl } from './urls.js'

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const text = (v: unknown) => typeof v === 'string' && v.trim().length > 0

/** Why `n` cannot be a configured network (undefined when it can): a CAIP-2 id, its namespace, a name and a symbol. */
export function networkProblem(n: unknown): string | undefined {
  if (!isRecord(n)) return 'a network must be an object'
  const parsed = parseCaipNetworkId(n.caipNetworkId)
  if (!parsed) return `"${String(n.caipNetworkId)}" is not a CAIP-2 id of eip155, solana or bip122`
  if (n.chainNamespace !== parsed.namespace)
    return `${String(n.caipNetworkId)}: chainNamespace must be "${parsed.namespace}"`
  if (!text(n.name)) return `${String(n.caipNetworkId)}: a name is required`
  if (!text(n.nativeSymbol)) return `${String(n.caipNetworkId)}: a nativeSymbol is required`
  return undefined
}

/** `n` checked ({@link networkProblem}); a bad one throws a CONFIGURATION error that says what is wrong. */
export function checkNetwork(n: unknown): NetworkInfo {
  const problem = networkProblem(n)
  if (problem)
    throw new FoyerError(`Invalid network: ${problem}`, { code: 'INVALID_NETWORK', category: 'CONFIGURATION' })
  return n as NetworkInfo
}

/** One picture per network everywhere (header, modal, wallet prompts): the host's image, else the API's logo. */
export function withNetworkImage(
  n: NetworkInfo,
  options: { chainImages?: Record<string, string>; apiUrl?: string },
): NetworkInfo {
  const imageUrl =
    options.chainImages?.[n.caipNetworkId] ?? n.imageUrl ?? apiIconUrl(options.apiUrl, 'networks', n.caipNetworkId)
  return imageUrl ? { ...n, imageUrl } : { ...n }
}
