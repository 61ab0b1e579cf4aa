// OpenAPI fragment for GET /health.
import { errorResponses, jsonResponse, ref } from './common.js'
import type { OpenApiFragment } from './types.js'

/** Health check contract. */
export const healthOpenApi: OpenApiFragment = {
  tag: { name: 'health', description: 'Liveness' },
  schemas: {
    Health: { type: 'object', required: ['ok'], additionalProperties: false, properties: { ok: { const: true } } },
  },
  paths: {
    '/health': {
      get: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Liveness; 503 when the database does not answer',
        responses: { '200': jsonResponse('Alive', ref('Health')), ...errorResponses('503') },
      },
    },
  },
}
