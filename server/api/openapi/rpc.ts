// OpenAPI fragment for POST /v1/rpc, the project's JSON-RPC endpoint.
import { errorResponses, jsonResponse } from './common.js'
import type { OpenApiFragment } from './types.js'

/** Project RPC contract. */
export const rpcOpenApi: OpenApiFragment = {
  tag: { name: 'rpc', description: "The project's JSON-RPC endpoint, proxied to each chain's configured node" },
  schemas: {},
  paths: {
    '/v1/rpc': {
      post: {
        operationId: 'postRpc',
        tags: ['rpc'],
        summary: 'Forwards a JSON-RPC call or batch to the node of chainId',
        description:
          'The default RPC of non-EVM networks (SPEC §7: a provider endpoint with a project id). Only methods that ' +
          'read the chain or send signed transactions are forwarded; any other answers JSON-RPC error -32601. ' +
          'Bounds (apiLimits): calls past rpcMaxBatch, or past the gas budget of the request, answer -32005; ' +
          'eth_call / eth_estimateGas gas above rpcMaxGasPerCall, or with state overrides, answer -32602 (a call ' +
          'without gas gets the cap); a node slower than rpcTimeoutMs answers -32603. Otherwise the node’s answer.',
        parameters: [
          { name: 'projectId', in: 'query', required: true, schema: { type: 'string', pattern: '^[0-9a-fA-F]{32}$' } },
          {
            name: 'chainId',
            in: 'query',
            required: true,
            description: 'CAIP-2 id of a configured chain',
            schema: { type: 'string', examples: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:1'] },
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: ['object', 'array'] } } },
        },
        responses: {
          '200': jsonResponse('The JSON-RPC answer (one object, or an array for a batch)', {
            type: ['object', 'array'],
          }),
          ...errorResponses('400', '413', '502'),
        },
      },
    },
  },
}
