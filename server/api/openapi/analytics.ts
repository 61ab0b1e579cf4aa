// OpenAPI fragment for POST /e (analytics events and error reports).
import { errorResponses, jsonResponse, ref } from './common.js'
import type { OpenApiFragment } from './types.js'

/** Analytics contract. */
export const analyticsOpenApi: OpenApiFragment = {
  tag: { name: 'analytics', description: 'Analytics events and SDK error reports' },
  schemas: {
    AnalyticsEvent: {
      type: 'object',
      required: ['eventId', 'url', 'domain', 'timestamp', 'props'],
      properties: {
        eventId: { type: 'string', maxLength: 128 },
        url: { type: 'string', maxLength: 2048 },
        domain: { type: 'string', maxLength: 255 },
        timestamp: { type: 'integer', minimum: 0, description: 'Milliseconds since the epoch' },
        props: {
          type: 'object',
          required: ['event'],
          properties: {
            type: { type: 'string', maxLength: 64 },
            event: { type: 'string', maxLength: 64, description: 'e.g. INITIALIZE, CONNECT_SUCCESS' },
            address: { type: 'string', maxLength: 128 },
            properties: { type: 'object', description: 'Event data, e.g. { caipNetworkId }' },
          },
        },
      },
    },
    ErrorReport: {
      type: 'object',
      required: ['errorType', 'errorMessage', 'stackTrace'],
      properties: {
        errorType: { type: 'string', maxLength: 200 },
        errorMessage: { type: 'string', maxLength: 4000 },
        stackTrace: { type: 'string', maxLength: 32000 },
      },
    },
    Accepted: { type: 'object', required: ['ok'], additionalProperties: false, properties: { ok: { const: true } } },
  },
  paths: {
    '/e': {
      post: {
        operationId: 'postEvent',
        tags: ['analytics'],
        summary: 'Stores an analytics event, or an error report when the body has errorType',
        description:
          'A request without Origin, or from an Origin not allowed for the project (GET /v1/projects/{projectId}/origins), gets 403. ' +
          'Each client IP may send FOYER_ANALYTICS_RATE_LIMIT_IP events per window (429 with Retry-After above it); above ' +
          'FOYER_ANALYTICS_PROJECT_CAP events per project and hour, one in FOYER_ANALYTICS_SAMPLE is stored (all answered 202).',
        parameters: [
          { name: 'projectId', in: 'query', required: true, schema: { type: 'string', pattern: '^[0-9a-fA-F]{32}$' } },
          {
            name: 'st',
            in: 'query',
            required: false,
            description: 'SDK type',
            schema: { type: 'string', maxLength: 64 },
          },
          {
            name: 'sv',
            in: 'query',
            required: false,
            description: 'SDK version',
            schema: { type: 'string', maxLength: 64 },
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { oneOf: [ref('AnalyticsEvent'), ref('ErrorReport')] } } },
        },
        responses: { '202': jsonResponse('Stored', ref('Accepted')), ...errorResponses('400', '403', '413', '429') },
      },
    },
  },
}
