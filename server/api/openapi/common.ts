// Building blocks every fragment uses: the error body, JSON responses, shared parameters.
import type { JsonSchema } from './types.js'

/** Schema of ApiErrorBody (server/types.ts). */
export const ERROR_BODY_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error', 'message', 'reasons'],
  additionalProperties: false,
  properties: {
    error: { type: 'string', description: 'Short machine code, e.g. "invalid_address".' },
    message: { type: 'string', description: 'Human sentence saying what is wrong.' },
    reasons: {
      type: 'array',
      items: {
        type: 'object',
        required: ['description'],
        additionalProperties: false,
        properties: { field: { type: 'string' }, description: { type: 'string' } },
      },
    },
  },
}

/** A `$ref` to a component schema. */
export function ref(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` }
}

/** A JSON response object. */
export function jsonResponse(description: string, schema: JsonSchema): Record<string, unknown> {
  return { description, content: { 'application/json': { schema } } }
}

const ERROR_TEXT: Record<string, string> = {
  '400': 'Bad input; reasons say which field and why',
  '401': 'Missing or wrong credentials',
  '403': 'Forbidden',
  '404': 'Not found',
  '409': 'Conflicts with what exists',
  '413': 'Request body larger than the server limit',
  '500': 'Unexpected server error',
  '502': 'An upstream service (RPC node) failed',
  '503': 'A dependency (database, chain) is unavailable',
}

/** Error responses for the given status codes, all with the ErrorBody schema. */
export function errorResponses(...codes: string[]): Record<string, unknown> {
  return Object.fromEntries(codes.map((code) => [code, jsonResponse(ERROR_TEXT[code] ?? 'Error', ref('ErrorBody'))]))
}

/** The `{projectId}` path parameter. */
export const PROJECT_ID_PARAM = {
  name: 'projectId',
  in: 'path',
  required: true,
  description: '32 hex digits',
  schema: { type: 'string', pattern: '^[0-9a-fA-F]{32}$' },
}
