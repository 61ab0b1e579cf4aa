// The one check a network passes to be configured, and the one way it is completed (its picture): at start
// (createFoyer's `networks`) and when a host adds one later (`foyer.addNetwork`), so both accept the same networks.
import type { NetworkInfo } from './contracts/config.js'
import { FoyerError } from './errors.js'
import { apiIconUrl } from '../protocol/urls.js'

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const text = (v: unknown) => typeof v === 'string' && v.trim().length > 0

/** Why `n` cannot be a configured network (undefined when it can): a CAIP-2 id, its namespace, a name and a symbol. */
export function networkProblem(n: unknown): string | undefined {
  if (!isRecord(n)) return 'a network must be an object'
  // parseCaipNetworkId's rule for the known namespaces, without caip.ts in the first-paint chunk
  const id = typeof n.caipNetworkId === 'string' ? n.caipNetworkId : ''
  const m = /^(eip155|solana|bip122):([-\w]{1,32})$/.exec(id)
  if (!m || (m[1] === 'eip155' && !/^[1-9]\d*$/.test(m[2])))
    return `"${String(n.caipNetworkId)}" is not a CAIP-2 id of eip155, solana or bip122`
  if (n.chainNamespace !== m[1]) return `${id}: chainNamespace must be "${m[1]}"`
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
