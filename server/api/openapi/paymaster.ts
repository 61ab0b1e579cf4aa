// OpenAPI fragment for POST /v1/paymaster, the project's ERC-7677 paymaster service.
import { errorResponses, jsonResponse } from './common.js'
import type { OpenApiFragment } from './types.js'

/** Paymaster service contract. */
export const paymasterOpenApi: OpenApiFragment = {
  tag: { name: 'paymaster', description: "Gas sponsorship (ERC-7677) by the server's verifying paymaster" },
  schemas: {},
  paths: {
    '/v1/paymaster': {
      post: {
        operationId: 'postPaymaster',
        tags: ['paymaster'],
        summary: 'pm_getPaymasterStubData and pm_getPaymasterData for EntryPoint v0.8 operations',
        description:
          'JSON-RPC, params [userOp, entryPoint, chainId (hex), context]. The paymaster signs only what the ' +
          "project's sponsorship policy allows (on, the chain among its chains, the sender's daily budget in wei of " +
          'gas left); anything else answers JSON-RPC error -32001 with data.reason sponsorship_off, ' +
          'chain_not_sponsored, budget_exceeded or unsupported_entry_point; bad params answer -32602.',
        parameters: [
          { name: 'projectId', in: 'query', required: true, schema: { type: 'string', pattern: '^[0-9a-fA-F]{32}$' } },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
        responses: {
          '200': jsonResponse('The JSON-RPC answer', { type: 'object' }),
          ...errorResponses('400', '413', '503'),
        },
      },
      get: {
        operationId: 'getPaymaster',
        tags: ['paymaster'],
        summary: 'Whether the project sponsors gas, and on which chains (CAIP-2)',
        parameters: [
          { name: 'projectId', in: 'query', required: true, schema: { type: 'string', pattern: '^[0-9a-fA-F]{32}$' } },
        ],
        responses: {
          '200': jsonResponse('The project sponsorship', {
            type: 'object',
            required: ['enabled', 'chains'],
            properties: {
              enabled: { type: 'boolean' },
              chains: { type: 'array', items: { type: 'string' } },
              name: { type: 'string' },
            },
          }),
          ...errorResponses('400'),
        },
      },
    },
  },
}
