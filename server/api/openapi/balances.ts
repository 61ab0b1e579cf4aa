// OpenAPI fragment for GET /v1/balances/{address}.
import { errorResponses, jsonResponse, ref } from './common.js'
import type { OpenApiFragment } from './types.js'

const DECIMAL = '^[0-9]+(\\.[0-9]+)?$'

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
      description: 'A SPEC §5 wallet asset (address, balance, type, metadata) with the SPEC §3 token-balance fields',
      required: ['address', 'balance', 'type', 'metadata', 'chainId', 'symbol', 'quantity', 'value', 'priceSource'],
      additionalProperties: false,
      properties: {
        address: {
          type: 'string',
          description: 'CAIP-10 id of the token (ERC-20 contract or SPL mint); `<CAIP-2>:native` for the native token',
          examples: ['eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'eip155:1:native'],
        },
        balance: { type: 'string', pattern: '^[0-9]+$', description: 'Base units' },
        type: { type: 'string', enum: ['NATIVE', 'ERC20'], description: 'ERC20: any fungible token (also SPL)' },
        metadata: {
          type: 'object',
          required: ['name', 'symbol', 'decimals', 'price', 'iconUrl'],
          additionalProperties: false,
          properties: {
            name: { type: 'string' },
            symbol: { type: 'string' },
            decimals: { type: 'integer', minimum: 0 },
            price: { type: ['string', 'null'], pattern: DECIMAL, description: 'USD per token; null when unknown' },
            iconUrl: { type: 'string', description: "URL of the token's icon on this server" },
          },
        },
        chainId: { type: 'string', description: 'CAIP-2 id', pattern: '^(eip155|solana):[-_a-zA-Z0-9]+$' },
        symbol: { type: 'string' },
        quantity: {
          type: 'object',
          required: ['decimals', 'numeric'],
          additionalProperties: false,
          properties: {
            decimals: { type: 'string', pattern: '^[0-9]+$' },
            numeric: {
              type: 'string',
              description: 'Amount in whole tokens as a decimal string, e.g. "987.5"',
              pattern: DECIMAL,
            },
          },
        },
        value: {
          type: ['string', 'null'],
          pattern: DECIMAL,
          description: 'quantity × price in USD; null when unknown',
        },
        priceSource: {
          type: ['string', 'null'],
          description: 'Where the price came from: "config", "uniswap-v2:<chain>", a price API URL; null when unknown',
        },
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
        summary: 'Native and token balances (zero balances left out); testnets answer an empty list',
        description:
          'An EVM address reads the EVM chains (native + configured ERC-20s), a Solana address the Solana chains ' +
          '(SOL + configured SPL mints).',
        parameters: [
          { ...EVM_ADDRESS_PARAM, description: 'EVM address (40 hex digits, 0x optional) or Solana address (base58)' },
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
