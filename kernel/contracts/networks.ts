// The networks contract: the one check a network passes to be configured and the one way it is completed (its
// picture), at start (createFoyer's `networks`) and when a host adds one later (`foyer.addNetwork`), so both accept
// the same networks; the requests adding and removing networks at run time (the namespaces plugin answers them); and
// their failures, NetworkErrors named by code.
import type { NetworkInfo } from './config.js'
import { FoyerError } from '../errors.js'
import { apiIconUrl } from '../../protocol/urls.js'

/**
 * A code of {@link NetworkError}: a network that fails the check (`INVALID_NETWORK`), a namespace with no adapter
 * (`adapterNotFound`), a network that is not configured (`networkNotFound`) or known (`caipNetworkNotFound`), the last
 * network of a namespace (`LAST_NETWORK`, never removed).
 */
export type NetworkErrorCode =
  'INVALID_NETWORK' | 'adapterNotFound' | 'networkNotFound' | 'caipNetworkNotFound' | 'LAST_NETWORK'

/** A network that cannot be configured, added, removed or found; `code` says why, the message names the network. */
export class NetworkError extends FoyerError {
  override name = 'NetworkError'
  declare readonly code: NetworkErrorCode
  constructor(code: NetworkErrorCode, message: string, cause?: unknown) {
    // every one is the host's configuration at fault, as SPEC §8 reports it
    super(message, { code, category: 'CONFIGURATION', cause })
  }
}

declare module '../types.js' {
  interface RequestMap {
    /** Adds a network after start (`foyer.addNetwork`): checked as at start; its namespace needs an adapter. */
    'networks/add': { input: { network: NetworkInfo }; output: void; error: NetworkError }
    /**
     * Removes a configured network (`foyer.removeNetwork`); the active one is left first (a wallet refusing that switch
     * fails with its own error), the last one stays.
     */
    'networks/remove': { input: { caipNetworkId: string }; output: void; error: NetworkError }
  }
}

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
  // past the id check, `id` is n.caipNetworkId itself
  if (!text(n.name)) return `${id}: a name is required`
  if (!text(n.nativeSymbol)) return `${id}: a nativeSymbol is required`
  return undefined
}

/** `n` checked ({@link networkProblem}); a bad one throws an INVALID_NETWORK {@link NetworkError} saying what is wrong. */
export function checkNetwork(n: unknown): NetworkInfo {
  const problem = networkProblem(n)
  if (problem) throw new NetworkError('INVALID_NETWORK', `Invalid network: ${problem}`)
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
