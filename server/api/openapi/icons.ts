// OpenAPI fragment for the token icons.
import { errorResponses } from './common.js'
import type { OpenApiFragment } from './types.js'

/** Token icon contract. */
export const iconsOpenApi: OpenApiFragment = {
  tag: { name: 'icons', description: 'Token icons drawn by this server' },
  schemas: {},
  paths: {
    '/v1/icons/tokens/{symbol}': {
      get: {
        operationId: 'getTokenIcon',
        tags: ['icons'],
        summary: "A token's icon (SVG), by symbol",
        parameters: [{ name: 'symbol', in: 'path', required: true, schema: { type: 'string', maxLength: 32 } }],
        responses: {
          '200': { description: 'SVG icon', content: { 'image/svg+xml': { schema: { type: 'string' } } } },
          ...errorResponses('400'),
        },
      },
    },
  },
}
