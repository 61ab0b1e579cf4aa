// Contract testing: every response a test receives through this client is checked against the OpenAPI document the
// app itself serves at /openapi.json — the path must be documented, the status listed, the body valid (ajv, 2020-12).
import Ajv2020Import from 'ajv/dist/2020.js'
import addFormatsImport from 'ajv-formats'
import type { ValidateFunction } from 'ajv'
import type { OpenApiDocument, OpenApiOperation } from '../openapi/types.js'

// ajv and ajv-formats are CommonJS; depending on the loader the class sits on .default or is the module itself.
const Ajv2020 = ((Ajv2020Import as unknown as { default?: typeof Ajv2020Import }).default ??
  Ajv2020Import) as typeof Ajv2020Import
const addFormats = ((addFormatsImport as unknown as { default?: typeof addFormatsImport }).default ??
  addFormatsImport) as typeof addFormatsImport

const DOC_ID = 'https://foyer.invalid/openapi.json'

/** Anything with Hono's `request(path, init)`. */
export interface RequestableApp {
  request(input: string, init?: RequestInit): Response | Promise<Response>
}

/** Extra request options. */
export interface ContractRequestInit {
  query?: Record<string, string | number | boolean | undefined>
  headers?: Record<string, string>
  /** Sent as JSON. */
  body?: unknown
  /** Sent verbatim (for malformed-JSON tests). */
  rawBody?: string
}

/** A checked response. */
export interface ContractResponse<T = unknown> {
  status: number
  headers: Headers
  /** Parsed JSON for JSON responses, else the text. */
  body: T
  text: string
  /** The operation that documented it. */
  operationId?: string
}

/** A client whose every response is validated against the app's OpenAPI document. */
export interface ContractClient {
  doc: OpenApiDocument
  request<T = unknown>(method: string, path: string, init?: ContractRequestInit): Promise<ContractResponse<T>>
  get<T = unknown>(path: string, init?: ContractRequestInit): Promise<ContractResponse<T>>
  post<T = unknown>(path: string, body?: unknown, init?: ContractRequestInit): Promise<ContractResponse<T>>
  /** Validates data against a component schema ("ErrorBody", "Wallet", ...); throws ContractError listing the failures. */
  assertSchema(name: string, data: unknown): void
}

/** A response (or document) that breaks the contract. */
export class ContractError extends Error {
  override name = 'ContractError'
}

function templateRegex(template: string): RegExp {
  const segments = template
    .split('/')
    .map((seg) => seg.replace(/\{[^}]+\}|[.*+?^$()|[\]\\]/g, (m) => (m.startsWith('{') ? '[^/]+' : `\\${m}`)))
  return new RegExp(`^${segments.join('/')}$`)
}

// Rewrites local refs so an extracted sub-schema still resolves against the whole document.
function absolutize(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(absolutize)
  if (schema && typeof schema === 'object') {
    return Object.fromEntries(
      Object.entries(schema).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : absolutize(v),
      ]),
    )
  }
  return schema
}

/** Finds the operation documenting `method pathname`; static templates win over parameterised ones. */
export function findOperation(
  doc: OpenApiDocument,
  method: string,
  pathname: string,
): { template: string; op: OpenApiOperation } | undefined {
  const templates = Object.keys(doc.paths)
    .filter((t) => templateRegex(t).test(pathname))
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))
  for (const template of templates) {
    const op = doc.paths[template][method.toLowerCase()]
    if (op) return { template, op }
  }
  return undefined
}

/** Fetches /openapi.json from the app, compiles it, and returns a validating client. */
export async function createContractClient(app: RequestableApp): Promise<ContractClient> {
  const docRes = await app.request('/openapi.json')
  if (docRes.status !== 200) throw new ContractError(`GET /openapi.json answered ${docRes.status}`)
  const doc = (await docRes.json()) as OpenApiDocument
  if (doc.openapi !== '3.1.0') throw new ContractError(`expected OpenAPI 3.1.0, got ${String(doc.openapi)}`)
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema({ $id: DOC_ID, components: doc.components })
  const cache = new Map<string, ValidateFunction>()
  const compile = (key: string, schema: unknown): ValidateFunction => {
    let fn = cache.get(key)
    if (!fn) {
      fn = ajv.compile(absolutize(schema) as object)
      cache.set(key, fn)
    }
    return fn
  }
  // Compile every component up front so a broken schema fails here, not in some later test.
  for (const [name, schema] of Object.entries(doc.components.schemas)) compile(`#/components/schemas/${name}`, schema)

  const check = (fn: ValidateFunction, data: unknown, what: string): void => {
    if (!fn(data)) {
      const errors = (fn.errors ?? []).map(
        (e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
      )
      throw new ContractError(
        `${what} does not match its schema:\n  ${errors.join('\n  ')}\nbody: ${JSON.stringify(data).slice(0, 2000)}`,
      )
    }
  }

  const request = async <T>(
    method: string,
    path: string,
    init: ContractRequestInit = {},
  ): Promise<ContractResponse<T>> => {
    const url = new URL(path, 'http://contract.test')
    for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
    const headers: Record<string, string> = { ...init.headers }
    let body: string | undefined = init.rawBody
    if (init.body !== undefined) {
      body = JSON.stringify(init.body)
      headers['content-type'] ??= 'application/json'
    }
    const res = await app.request(`${url.pathname}${url.search}`, { method, headers, body })
    const text = await res.text()
    const what = `${method.toUpperCase()} ${url.pathname} → ${res.status}`
    const found = findOperation(doc, method, url.pathname)
    if (!found) throw new ContractError(`${what}: no operation in /openapi.json documents this path and method`)
    const responses = found.op.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>
    const statusKey = [String(res.status), `${String(res.status)[0]}XX`, 'default'].find((k) => responses[k])
    if (!statusKey)
      throw new ContractError(
        `${what}: status ${res.status} is not documented for ${method.toUpperCase()} ${found.template} (documented: ${Object.keys(responses).join(', ')})`,
      )
    const content = responses[statusKey].content
    const mediaType = (res.headers.get('content-type') ?? '').split(';')[0].trim()
    let parsed: unknown = text
    if (content) {
      const media = content[mediaType]
      if (!media)
        throw new ContractError(
          `${what}: content type "${mediaType}" not documented (documented: ${Object.keys(content).join(', ')})`,
        )
      if (mediaType === 'application/json') {
        try {
          parsed = JSON.parse(text)
        } catch {
          throw new ContractError(`${what}: body is not JSON: ${text.slice(0, 200)}`)
        }
        if (media.schema)
          check(compile(`${found.template} ${method} ${statusKey} ${mediaType}`, media.schema), parsed, what)
      }
    } else if (text.length > 0) {
      throw new ContractError(`${what}: a body was sent but the response documents none`)
    }
    return {
      status: res.status,
      headers: res.headers,
      body: parsed as T,
      text,
      operationId: found.op.operationId as string | undefined,
    }
  }

  return {
    doc,
    request,
    get: (path, init) => request('GET', path, init),
    post: (path, body, init) => request('POST', path, { ...init, body }),
    assertSchema(name, data) {
      const schema = doc.components.schemas[name]
      if (!schema) throw new ContractError(`no component schema "${name}"`)
      check(compile(`#/components/schemas/${name}`, schema), data, `schema ${name}`)
    },
  }
}
