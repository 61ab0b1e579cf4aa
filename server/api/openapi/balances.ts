// OpenAPI fragment for GET /v1/balances/{address}.
import { errorResponses, jsonResponse, ref } from './common.js'
import type { OpenApiFragment } from './types.js'

/** The `{address}` path parameter of the chain-data endpoints (SPEC §5 EVM address). */
export const EVM_ADDRESS_PARAM = {
  name: 'address',
  in: 'path',
  required: true,
  description: 'EVM address: 40 hex digits, 0x optional, any case',
  schema: { type: 'string' },
}

/** The `chainId` query parameter: a CAIP-2 id (a bare decimal is read as eip155). */
export function chainIdParam(description: string): Record<string, unknown> {
  return {
    name: 'chainId',
    in: 'query',
    required: false,
    description,
    schema: { type: 'string', examples: ['eip155:1'] },
  }
}

/** Balances contract. */
export const balancesOpenApi: OpenApiFragment = {
  tag: { name: 'balances', description: 'Token balances read live from the chains' },
  schemas: {
    TokenBalance: {
      type: 'object',
      required: ['name', 'symbol', 'chainId', 'value', 'price', 'quantity', 'iconUrl'],
      additionalProperties: false,
      properties: {
        name: { type: 'string' },
        symbol: { type: 'string' },
        chainId: { type: 'string', description: 'CAIP-2 id', pattern: '^eip155:[0-9]+$' },
        address: {
          type: 'string',
          description: 'CAIP-10 id of the token contract; absent for the native token',
          pattern: '^eip155:[0-9]+:0x[0-9a-fA-F]{40}$',
        },
        value: { type: 'number', description: 'quantity × price in USD' },
        price: { type: 'number', description: 'USD price of one token' },
        quantity: {
          type: 'object',
          required: ['decimals', 'numeric'],
          additionalProperties: false,
          properties: {
            decimals: { type: 'string', pattern: '^[0-9]+$' },
            numeric: {
              type: 'string',
              description: 'Amount in whole tokens as a decimal string, e.g. "987.5"',
              pattern: '^[0-9]+(\\.[0-9]+)?$',
            },
          },
        },
        iconUrl: { type: 'string', description: 'data:image/svg+xml URL' },
      },
    },
    BalanceList: {
      type: 'object',
      required: ['balances'],
      additionalProperties: false,
      properties: { balances: { type: 'array', items: ref('TokenBalance') } },
    },
  },
  paths: {
    '/v1/balances/{address}': {
      get: {
        operationId: 'getBalances',
        tags: ['balances'],
        summary: 'Native and ERC20 balances (zero balances left out); testnets answer an empty list',
        parameters: [
          EVM_ADDRESS_PARAM,
          chainIdParam(
            'One configured chain; all configured chains when absent. A well-known testnet that is not configured answers empty; other unknown chains are a 400.',
          ),
          { name: 'currency', in: 'query', required: false, schema: { type: 'string', enum: ['usd'], default: 'usd' } },
        ],
        responses: { '200': jsonResponse('Balances', ref('BalanceList')), ...errorResponses('400', '502') },
      },
    },
  },
}
