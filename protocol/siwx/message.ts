// Sign-in message texts (SPEC §3 "SIWX message fields"): EIP-4361 for eip155, CAIP-122 for solana and bip122 (in the
// layout of the Wallet Standard's `solana:signIn`, so a wallet that builds the text itself writes the same bytes).
// One formatter and one strict parser per layout; both name the field that is wrong. Shared with the server.
import { keccak_256 } from '@noble/hashes/sha3'

/** The fields of a sign-in message (SPEC §3); `chainId` is CAIP-2, e.g. `eip155:1`. */
export interface SIWXMessageData {
  accountAddress: string
  chainId: string
  domain: string
  uri: string
  version: string
  nonce: string
  statement?: string
  resources?: string[]
  requestId?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  /** EIP-4361's optional URI scheme before the domain. */
  scheme?: string
}

/** The fields of a sign-in message (the kernel's {@link SIWXMessageData}); `chainId` is CAIP-2. */
export type SiwxMessageData = SIWXMessageData

/** A message that cannot be written or read; `field` names the SPEC §3 field at fault. */
export class SiwxMessageError extends Error {
  override name = 'SiwxMessageError'
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(`Invalid sign-in message: ${field} ${reason}`)
  }
}

const Chains: Record<string, string> = { eip155: 'Ethereum', solana: 'Solana', bip122: 'Bitcoin' }
const Header = / wants you to sign in with your (\w+) account:$/
// RFC 3986 pieces as EIP-4361's ABNF uses them.
const Unreserved = 'A-Za-z0-9\\-._~'
const SubDelims = "!$&'()*+,;="
const PctOk = /%(?![0-9A-Fa-f]{2})/
const UriRe = new RegExp(`^[A-Za-z][A-Za-z0-9+\\-.]*:[${Unreserved}${SubDelims}:/?#\\[\\]@%]*$`)
const AuthorityRe = new RegExp(
  `^(?:[${Unreserved}${SubDelims}:%]*@)?(?:\\[[0-9A-Fa-f:.]+\\]|[${Unreserved}${SubDelims}%]+)(?::[0-9]*)?$`,
)
const StatementRe = new RegExp(`^[${Unreserved}${SubDelims}:/?#\\[\\]@ ]+$`)
const RequestIdRe = new RegExp(`^[${Unreserved}${SubDelims}:@%]*$`)
const DateTimeRe =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/
const SchemeRe = /^[A-Za-z][A-Za-z0-9+\-.]*$/
const ReferenceRe = /^[-_a-zA-Z0-9]{1,32}$/
const Base58Re = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const BitcoinRe = /^(?:(?:bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}|[13mn2][1-9A-HJ-NP-Za-km-z]{25,34})$/i

const uri = (v: string) => UriRe.test(v) && !PctOk.test(v)

/**
 * Milliseconds since the epoch of an RFC 3339 date-time, or NaN when `v` is none or names no calendar day
 * (`2025-02-31`, which `Date.parse` rolls over to 3 March). A leap second reads as the second before it.
 */
export function dateTimeMs(v: unknown): number {
  if (typeof v !== 'string' || !DateTimeRe.test(v)) return NaN
  const [y, m, d] = v.slice(0, 10).split('-').map(Number)
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return NaN
  return Date.parse(v.replace(/:60(?=[.Z+-])/, ':59'))
}

/** The EIP-55 checksummed form of a 0x address. */
export function checksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(hex))
  let out = '0x'
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1] >> (i % 2 ? 0 : 4)) & 15
    out += nibble >= 8 ? hex[i].toUpperCase() : hex[i]
  }
  return out
}

/** The chain namespace of a CAIP-2 id, checked: eip155, solana or bip122. */
export function namespaceOfChain(chainId: string): string {
  const [ns, ref, extra] = String(chainId).split(':')
  if (!(ns in Chains) || extra !== undefined || !ReferenceRe.test(ref ?? ''))
    throw new SiwxMessageError('chainId', `must be a CAIP-2 id of eip155, solana or bip122, got "${chainId}"`)
  if (ns === 'eip155' && !/^[1-9]\d*$/.test(ref))
    throw new SiwxMessageError('chainId', `must be a positive EIP-155 chain id, got "${ref}"`)
  return ns
}

/** Throws naming the first field of `d` that the message text cannot carry. */
export function checkMessageData(d: SiwxMessageData): void {
  const ns = namespaceOfChain(d.chainId)
  const eip4361 = ns === 'eip155'
  const need = (field: keyof SiwxMessageData, ok: boolean, reason: string) => {
    if (!ok) throw new SiwxMessageError(field, `${reason}, got ${JSON.stringify(d[field])}`)
  }
  const str = (v: unknown): v is string => typeof v === 'string'
  need('domain', str(d.domain) && AuthorityRe.test(d.domain) && !PctOk.test(d.domain), 'must be an RFC 3986 authority')
  if (eip4361)
    need(
      'accountAddress',
      str(d.accountAddress) &&
        /^0x[0-9a-fA-F]{40}$/.test(d.accountAddress) &&
        checksumAddress(d.accountAddress) === d.accountAddress,
      'must be an EIP-55 checksummed address',
    )
  else if (ns === 'solana')
    need('accountAddress', str(d.accountAddress) && Base58Re.test(d.accountAddress), 'must be a base58 Solana address')
  else need('accountAddress', str(d.accountAddress) && BitcoinRe.test(d.accountAddress), 'must be a Bitcoin address')
  need('uri', str(d.uri) && uri(d.uri), 'must be an RFC 3986 URI')
  need('version', d.version === '1', 'must be "1"')
  need('nonce', str(d.nonce) && /^[A-Za-z0-9]{8,}$/.test(d.nonce), 'must be at least 8 letters or digits')
  const date = (v: unknown) => !Number.isNaN(dateTimeMs(v))
  need('issuedAt', date(d.issuedAt), 'must be an RFC 3339 date-time on the calendar')
  for (const f of ['expirationTime', 'notBefore'] as const)
    if (d[f] !== undefined) need(f, date(d[f]), 'must be an RFC 3339 date-time on the calendar')
  if (d.statement !== undefined)
    need(
      'statement',
      str(d.statement) && (eip4361 ? StatementRe.test(d.statement) : d.statement !== '' && !/[\r\n]/.test(d.statement)),
      eip4361 ? 'must be one line of RFC 3986 reserved or unreserved characters and spaces' : 'must be one line',
    )
  if (d.requestId !== undefined)
    need(
      'requestId',
      str(d.requestId) && RequestIdRe.test(d.requestId) && !PctOk.test(d.requestId),
      'must be URI path characters',
    )
  if (d.resources !== undefined)
    need(
      'resources',
      Array.isArray(d.resources) && d.resources.every((r) => str(r) && uri(r)),
      'must be a list of RFC 3986 URIs',
    )
  if (d.scheme !== undefined)
    need('scheme', eip4361 && str(d.scheme) && SchemeRe.test(d.scheme), 'must be a URI scheme (EIP-4361 only)')
}

/** The message text for `d`: EIP-4361 on eip155, CAIP-122 on solana and bip122. Throws {@link SiwxMessageError}. */
export function formatSiwxMessage(d: SiwxMessageData): string {
  checkMessageData(d)
  const [ns, reference] = d.chainId.split(':')
  const fields = [
    `URI: ${d.uri}`,
    `Version: ${d.version}`,
    `Chain ID: ${reference}`,
    `Nonce: ${d.nonce}`,
    `Issued At: ${d.issuedAt}`,
    ...(d.expirationTime ? [`Expiration Time: ${d.expirationTime}`] : []),
    ...(d.notBefore ? [`Not Before: ${d.notBefore}`] : []),
    ...(d.requestId !== undefined ? [`Request ID: ${d.requestId}`] : []),
    ...(d.resources ? ['Resources:', ...d.resources.map((r) => `- ${r}`)] : []),
  ].join('\n')
  const origin = d.scheme ? `${d.scheme}://${d.domain}` : d.domain
  const head = `${origin} wants you to sign in with your ${Chains[ns]} account:\n${d.accountAddress}\n\n`
  // EIP-4361's ABNF keeps the blank line of an absent statement; CAIP-122 as `solana:signIn` writes it drops it.
  if (ns === 'eip155') return `${head}${d.statement ? `${d.statement}\n` : ''}\n${fields}`
  return `${head}${d.statement ? `${d.statement}\n\n` : ''}${fields}`
}

const Optional = ['Expiration Time', 'Not Before', 'Request ID'] as const
const Keys: Record<string, keyof SiwxMessageData> = {
  'Expiration Time': 'expirationTime',
  'Not Before': 'notBefore',
  'Request ID': 'requestId',
}

/** Reads a message text back into its fields; throws {@link SiwxMessageError} naming the field that is malformed. */
export function parseSiwxMessage(text: string): SiwxMessageData {
  if (typeof text !== 'string') throw new SiwxMessageError('message', 'must be text')
  const lines = text.split('\n')
  const m = Header.exec(lines[0] ?? '')
  const ns = m && Object.keys(Chains).find((k) => Chains[k] === m[1])
  if (!m || !ns)
    throw new SiwxMessageError('domain', 'must be followed by " wants you to sign in with your <chain> account:"')
  let origin = lines[0].slice(0, m.index)
  let scheme: string | undefined
  const s = /^([A-Za-z][A-Za-z0-9+\-.]*):\/\//.exec(origin)
  if (s && ns === 'eip155') {
    scheme = s[1]
    origin = origin.slice(s[0].length)
  }
  const accountAddress = lines[1] ?? ''
  if (lines[2] !== '') throw new SiwxMessageError('accountAddress', 'must be followed by a blank line')
  let at = 3
  let statement: string | undefined
  if (ns === 'eip155') {
    if (lines[3] !== '') statement = lines[at++]
    if (lines[at++] !== '') throw new SiwxMessageError('statement', 'must be followed by a blank line')
  } else if (!lines[3]?.startsWith('URI: ') || lines[4] === '') {
    statement = lines[3]
    if (lines[4] !== '') throw new SiwxMessageError('statement', 'must be followed by a blank line')
    at = 5
  }
  const take = (label: string, field: string): string => {
    const line = lines[at]
    if (line === undefined || !line.startsWith(`${label}: `))
      throw new SiwxMessageError(field, `is missing ("${label}: ")`)
    at++
    return line.slice(label.length + 2)
  }
  const d: SiwxMessageData = {
    domain: origin,
    accountAddress,
    ...(statement !== undefined ? { statement } : {}),
    uri: take('URI', 'uri'),
    version: take('Version', 'version'),
    chainId: `${ns}:${take('Chain ID', 'chainId')}`,
    nonce: take('Nonce', 'nonce'),
    issuedAt: take('Issued At', 'issuedAt'),
    ...(scheme ? { scheme } : {}),
  }
  for (const label of Optional) {
    if (lines[at]?.startsWith(`${label}: `))
      (d as unknown as Record<string, string>)[Keys[label]] = take(label, Keys[label])
  }
  if (lines[at] === 'Resources:') {
    at++
    d.resources = []
    while (lines[at]?.startsWith('- ')) d.resources.push(lines[at++].slice(2))
  }
  if (at < lines.length)
    throw new SiwxMessageError(
      at === lines.length - 1 && lines[at] === '' ? 'message' : fieldAt(lines[at]),
      'has unexpected text after it',
    )
  checkMessageData(d)
  return d
}

// The field a stray line most likely belongs to, so the error points somewhere useful.
function fieldAt(line: string): string {
  const label = /^([A-Za-z ]+):/.exec(line)?.[1]
  const byLabel: Record<string, string> = {
    ...Keys,
    URI: 'uri',
    Version: 'version',
    'Chain ID': 'chainId',
    Nonce: 'nonce',
    'Issued At': 'issuedAt',
    Resources: 'resources',
  }
  return (label && byLabel[label]) || 'resources'
}
