// The client address every service counts its limits by (API, relay, secure site). Behind a reverse proxy the socket's
// peer is the proxy: the client is then read from X-Forwarded-For, but only as far as the hops are trusted. The chain
// is walked from the nearest hop (the socket) outwards and the first address that is not a trusted proxy is the
// client, so a header the client wrote itself (the left-most entries) is never believed. IPv6 addresses are counted
// by prefix (a /64 by default), since one subscriber routinely holds a whole /64.
import { BlockList, isIP } from 'node:net'

/**
 * Which proxies to trust: `false` (none: the socket's peer is the client), a hop count (`true` = 1: every request
 * comes through that many proxies) or a list of proxy addresses and networks (`10.0.0.0/8`, `::1`, and the names
 * `loopback`, `private`, `linklocal`).
 */
export type TrustProxy = boolean | number | string[]

const NAMED_NETWORKS: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
}

/** The most hops a {@link TrustProxy} count may name. */
export const MAX_PROXY_HOPS = 16

/** The reason `entry` is not a network of a trust list, or null when it is one. */
export function networkProblem(entry: string): string | null {
  if (NAMED_NETWORKS[entry]) return null
  const [addr, bits, extra] = entry.split('/')
  const family = isIP(addr ?? '')
  if (!family || extra !== undefined) return `"${entry}" is not an IP address, a CIDR network or a named network`
  if (bits === undefined) return null
  const n = Number(bits)
  if (!/^\d{1,3}$/.test(bits) || n > (family === 4 ? 32 : 128)) return `"${entry}" has a bad prefix length`
  return null
}

/** A compiled {@link TrustProxy}: is the hop at `index` (0 = the socket's peer) with address `ip` a trusted proxy? */
type Trusts = (ip: string, index: number) => boolean

const compiled = new WeakMap<string[], Trusts>()

function compile(trust: TrustProxy): Trusts {
  if (typeof trust === 'boolean' || typeof trust === 'number') {
    const hops = Number(trust)
    return (_ip, index) => index < hops
  }
  let fn = compiled.get(trust)
  if (fn) return fn
  const list = new BlockList()
  for (const entry of trust.flatMap((e) => NAMED_NETWORKS[e] ?? [e])) {
    if (networkProblem(entry)) throw new Error(`trustProxy: ${networkProblem(entry)}`)
    const [addr, bits] = entry.split('/')
    const type = isIP(addr) === 4 ? 'ipv4' : 'ipv6'
    if (bits === undefined) list.addAddress(addr, type)
    else list.addSubnet(addr, Number(bits), type)
  }
  fn = (ip) => list.check(ip, isIP(ip) === 4 ? 'ipv4' : 'ipv6')
  compiled.set(trust, fn)
  return fn
}

/**
 * One address as a plain IP: IPv4-mapped IPv6 as IPv4, without zone, brackets or port; undefined when it is not an
 * address (`unknown`, an obfuscated `_hidden` name, garbage).
 */
export function plainAddress(raw: string | undefined): string | undefined {
  let a = (raw ?? '').trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a)
  if (bracketed) a = bracketed[1]
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'))
  a = a.split('%')[0]
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a)
  if (mapped) a = mapped[1]
  return isIP(a) ? a.toLowerCase() : undefined
}

/**
 * The client's address: the socket's peer, or — when that peer is a trusted proxy — the right-most X-Forwarded-For
 * entry that is not a trusted proxy (the furthest valid hop when all of them are). `'unknown'` without a peer.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: TrustProxy,
): string {
  const socket = plainAddress(peer)
  if (!socket) return 'unknown'
  if (trust === false || trust === 0) return socket
  const trusts = compile(trust)
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')
  const hops = header ? header.split(',').reverse() : []
  let client = socket
  for (let i = 0; i < hops.length && trusts(client, i); i++) {
    const next = plainAddress(hops[i])
    // A hop our proxy did not write as an address: stop at the proxy rather than believe what lies beyond it.
    if (!next) break
    client = next
  }
  return client
}

/** Default prefix length IPv6 addresses are counted by. */
export const DEFAULT_IPV6_PREFIX = 64

/**
 * The key an address is counted under in every limit: an IPv4 address as is (also when written `::ffff:a.b.c.d`), an
 * IPv6 address by its first `prefix` bits, e.g. `2001:db8:0:1::/64`. Anything else is returned unchanged (so a key is
 * its own key).
 */
export function addressKey(ip: string, prefix = DEFAULT_IPV6_PREFIX): string {
  const plain = plainAddress(ip)
  if (!plain) return ip
  if (isIP(plain) === 4) return plain
  const [head, tail] = plain.split('::')
  const left = head ? head.split(':') : []
  const right = tail === undefined ? [] : tail ? tail.split(':') : []
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
  const bits = Math.max(0, Math.min(128, prefix))
  const kept = groups.slice(0, Math.ceil(bits / 16)).map((g, i) => {
    const drop = Math.max(0, (i + 1) * 16 - bits)
    return ((parseInt(g, 16) >> drop) << drop).toString(16)
  })
  return `${kept.join(':')}${kept.length < 8 ? '::' : ''}/${bits}`
}
