// OpenAPI fragment for GET /health, /healthz, /readyz and /metrics.
import { errorResponses, jsonResponse, ref } from './common.js'
import type { OpenApiFragment } from './types.js'

/** Health, readiness and metrics contract. */
export const healthOpenApi: OpenApiFragment = {
  tag: { name: 'health', description: 'Liveness, readiness and metrics' },
  schemas: {
    Health: { type: 'object', required: ['ok'], additionalProperties: false, properties: { ok: { const: true } } },
    Ready: {
      type: 'object',
      required: ['ok', 'checks'],
      additionalProperties: false,
      properties: { ok: { const: true }, checks: { type: 'array', items: { type: 'string' } } },
    },
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
    '/healthz': {
      get: {
        operationId: 'getHealthz',
        tags: ['health'],
        summary: 'The process is alive (no dependency is checked)',
        responses: { '200': jsonResponse('Alive', ref('Health')) },
      },
    },
    '/readyz': {
      get: {
        operationId: 'getReadyz',
        tags: ['health'],
        summary: 'Ready to serve: the store, the chains and Redis (when configured) answer; 503 names what does not',
        responses: { '200': jsonResponse('Ready', ref('Ready')), ...errorResponses('503') },
      },
    },
    '/metrics': {
      get: {
        operationId: 'getMetrics',
        tags: ['health'],
        summary: 'Prometheus metrics of this process (text exposition format)',
        responses: { '200': { description: 'Metrics', content: { 'text/plain': { schema: { type: 'string' } } } } },
      },
    },
  },
}
