// OpenAPI fragment for GET /v1/icons/{kind}/{name}.
import { errorResponses } from './common.js'
import type { OpenApiFragment } from './types.js'

/** Logo contract. */
export const iconsOpenApi: OpenApiFragment = {
  tag: { name: 'icons', description: 'Network, token and WalletConnect logos shipped with the server' },
  schemas: {},
  paths: {
    '/v1/icons/{kind}/{name}': {
      get: {
        operationId: 'getIcon',
        tags: ['icons'],
        summary:
          'A logo (SVG): a network by CAIP-2 id, a token by symbol (a disc with its letters when no mark ships), ' +
          'or wallets/walletconnect',
        parameters: [
          {
            name: 'kind',
            in: 'path',
            required: true,
            schema: { type: 'string', enum: ['networks', 'tokens', 'wallets'] },
          },
          {
            name: 'name',
            in: 'path',
            required: true,
            description: 'eip155:1, USDC, walletconnect, …',
            schema: { type: 'string', maxLength: 100 },
          },
        ],
        responses: {
          '200': { description: 'The logo', content: { 'image/svg+xml': { schema: { type: 'string' } } } },
          ...errorResponses('400', '404'),
        },
      },
    },
  },
}
