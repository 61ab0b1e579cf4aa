// `npm run project -- <command>`: the operator's console from a terminal, over the admin API of a running server
// (FOYER_API_URL, default http://127.0.0.1:8787; FOYER_OPERATOR_TOKEN).
import { parseArgs } from 'node:util'

/** Usage text. */
export const ProjectCliUsage = `Usage: npm run project -- <command> [options]
  list                                   every project created through the admin API
  create --name NAME [--id ID] [--origin PATTERN]... [--enable FEATURE]... [--disable FEATURE]...
  show ID
  set ID [--name NAME] [--origin PATTERN]... [--enable FEATURE]... [--disable FEATURE]... [--reset FEATURE]...
                                         --origin replaces the list; --reset drops a feature's override
  delete ID
  stats ID [--days N]                    connections per day by namespace and wallet, errors by category
Features: email socials swaps onramp activity reownBranding multiWallet emailCapture payWithExchange payments
reownAuthentication passkeys. Environment: FOYER_API_URL, FOYER_OPERATOR_TOKEN.`

/** What the CLI talks through (tests pass the app's own fetch). */
export interface CliDeps {
  apiUrl: string
  token: string
  fetch: typeof fetch
  print(line: string): void
}

const options = {
  name: { type: 'string' },
  id: { type: 'string' },
  days: { type: 'string' },
  origin: { type: 'string', multiple: true },
  enable: { type: 'string', multiple: true },
  disable: { type: 'string', multiple: true },
  reset: { type: 'string', multiple: true },
} as const

/** Runs one command; resolves the exit code (0 ok, 1 refused by the server, 2 bad usage). */
export async function runProjectCli(argv: string[], deps: CliDeps): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true })
  } catch (e) {
    deps.print(`${(e as Error).message}\n${ProjectCliUsage}`)
    return 2
  }
  const { values: v, positionals } = parsed
  const [command, id] = positionals
  const features: Record<string, { isEnabled: boolean } | null> = {}
  for (const f of v.enable ?? []) features[f] = { isEnabled: true }
  for (const f of v.disable ?? []) features[f] = { isEnabled: false }
  for (const f of v.reset ?? []) features[f] = null
  const settings = {
    ...(v.name !== undefined ? { name: v.name } : {}),
    ...(v.origin ? { allowedOrigins: v.origin } : {}),
    ...(Object.keys(features).length ? { features } : {}),
  }
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await deps.fetch(`${deps.apiUrl.replace(/\/$/, '')}/admin/v1/projects${path}`, {
      method,
      headers: { authorization: `Bearer ${deps.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    const text = await res.text()
    if (!res.ok) {
      const err = text ? (JSON.parse(text) as { message?: string; reasons?: Array<{ description: string }> }) : {}
      deps.print(`error ${res.status}: ${err.message ?? res.statusText}`)
      for (const r of err.reasons ?? []) deps.print(`  ${r.description}`)
      return 1
    }
    deps.print(text ? JSON.stringify(JSON.parse(text), null, 2) : 'done')
    return 0
  }
  const needId = !['list', 'create'].includes(command ?? '')
  if (!command || (needId && !id) || (command === 'create' && !v.name)) {
    deps.print(ProjectCliUsage)
    return 2
  }
  switch (command) {
    case 'list':
      return call('GET', '')
    case 'create':
      return call('POST', '', { ...settings, ...(v.id ? { id: v.id } : {}), features: features })
    case 'show':
      return call('GET', `/${id}`)
    case 'set':
      return call('PATCH', `/${id}`, settings)
    case 'delete':
      return call('DELETE', `/${id}`)
    case 'stats':
      return call('GET', `/${id}/stats?days=${v.days ?? 30}`)
    default:
      deps.print(`unknown command "${command}"\n${ProjectCliUsage}`)
      return 2
  }
}
