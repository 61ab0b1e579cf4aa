// SPEC §5 origin allowlist: one matcher for the client's origin check and the server (POST /e, the secure site).
// Patterns: "https://app.example.com" (exact; no port = the scheme's default port), "http://localhost:*" (any port),
// "https://*.vercel.app" (any subdomain depth, never the bare domain), "*://host" or "host" (any scheme), "*" as the
// host (any host), "{ip}" as the host (any IPv4 or IPv6 address: SPEC's "{ip} on any port"). Hosts compare after URL normalisation: case, punycode (IDN), IPv4 spellings and IPv6 compression.

/** SPEC §5 default allowed origins: localhost and any IP address on any port, preview hosts, secure wallet hosts. */
export const DefaultAllowedOrigins: readonly string[] = [
  'http://localhost:*',
  'https://localhost:*',
  'http://{ip}:*',
  'https://{ip}:*',
  'https://*.pages.dev',
  'https://*.vercel.app',
  'https://*.ngrok-free.app',
  'https://secure-mobile.walletconnect.com',
  'https://secure-mobile.walletconnect.org',
]

const PATTERN =
  /^(?:(\*|[a-z][a-z0-9+.-]*):\/\/)?(\*|\{ip\}|(?:\*\.)?[^\s/:[\]*{}]+|\[[0-9a-f:.]+\])(?::(\d{1,5}|\*))?\/?$/i

interface Parsed {
  scheme?: string
  host: string
  wildcardSubdomains: boolean
  port?: string
}

// A host as the URL parser normalises it (lower case, punycode, canonical IP literals); undefined when invalid.
function normalHost(host: string): string | undefined {
  try {
    const u = new URL(`http://${host}`)
    return u.hostname && !u.port && u.host === u.hostname ? u.hostname : undefined
  } catch {
    return undefined
  }
}

function parsePattern(pattern: string): Parsed | undefined {
  const m = PATTERN.exec(pattern.trim())
  if (!m) return undefined
  const [, scheme, rawHost, port] = m
  const wildcardSubdomains = rawHost.startsWith('*.')
  const host =
    rawHost === '*' || rawHost.toLowerCase() === '{ip}'
      ? rawHost.toLowerCase()
      : normalHost(wildcardSubdomains ? rawHost.slice(2) : rawHost)
  if (!host) return undefined
  return { scheme: scheme && scheme !== '*' ? scheme.toLowerCase() : undefined, host, wildcardSubdomains, port }
}

/** True when `pattern` is an origin pattern {@link originAllowed} understands (for checking lists before storing them). */
export function isOriginPattern(pattern: string): boolean {
  return parsePattern(pattern) !== undefined
}

const DefaultPorts: Record<string, string> = { http: '80', https: '443', ws: '80', wss: '443' }

/** True when `origin` (scheme://host[:port], as browsers send it) matches one of `patterns`. */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  // "null" and other opaque origins (file://, sandboxed frames) never match.
  if (url.origin === 'null' || !url.hostname) return false
  const scheme = url.protocol.slice(0, -1)
  const host = url.hostname
  return patterns.some((raw) => {
    const p = parsePattern(raw)
    if (!p) return false
    if (p.scheme && p.scheme !== scheme) return false
    // An explicit default port ("https://a.com:443") is the same origin as none.
    const port = p.port === DefaultPorts[scheme] ? '' : (p.port ?? '')
    if (port !== '*' && port !== url.port) return false
    if (p.host === '*') return true
    // The URL parser has already normalised the host: dotted IPv4, or a bracketed IPv6 literal.
    if (p.host === '{ip}') return /^(\d{1,3}\.){3}\d{1,3}$|^\[[0-9a-f:.]+\]$/.test(host)
    if (p.wildcardSubdomains) return host.endsWith(`.${p.host}`)
    return host === p.host
  })
}
