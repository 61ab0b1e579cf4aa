// SPEC §5 origin matching: exact origins or patterns with `*` for a port ("http://localhost:*") or for leading host
// labels ("https://*.vercel.app"), and `{ip}` for any IP address ("http://{ip}:*", SPEC's "{ip} on any port"). Used to
// answer 403 to browsers posting from an origin the project does not allow.

const PATTERN = /^(https?|\*):\/\/((?:\*\.)?[a-z0-9.-]+|\*|\{ip\}|\[[0-9a-f:]+\])(?::(\d{1,5}|\*))?$/i
// The URL parser has already normalised the host: dotted IPv4, or a bracketed IPv6 literal.
const IP_HOST = /^(\d{1,3}\.){3}\d{1,3}$|^\[[0-9a-f:.]+\]$/

/** True when `origin` (scheme://host[:port], as browsers send it) matches one of `patterns`. */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  // "null" and other opaque origins (file://, sandboxed frames) never match.
  if (url.origin === 'null') return false
  const scheme = url.protocol.slice(0, -1)
  const host = url.hostname.toLowerCase()
  return patterns.some((p) => {
    const m = PATTERN.exec(p.trim())
    if (!m) return false
    const [, pScheme, pHost, pPort] = m
    if (pScheme !== '*' && pScheme.toLowerCase() !== scheme) return false
    if (pPort === undefined ? url.port !== '' : pPort !== '*' && pPort !== url.port) return false
    const h = pHost.toLowerCase()
    if (h === '*') return true
    if (h === '{ip}') return IP_HOST.test(host)
    // "*.example.com" covers any depth of subdomain, never the bare domain or a look-alike suffix.
    if (h.startsWith('*.')) return host.endsWith(h.slice(1)) && host.length > h.length - 1
    return host === h
  })
}
