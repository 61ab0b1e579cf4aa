// OpenAPI fragment for the swap endpoints under /v1/convert.
import { errorResponses, jsonResponse, ref } from './common.js'
import type { JsonSchema, OpenApiFragment } from './types.js'

const UNITS = { type: 'string', pattern: '^[0-9]+$', description: "Amount in the token's smallest units" }
const ADDRESS = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' }
const HEX = { type: 'string', pattern: '^0x[0-9a-fA-F]*$' }

const chainId = {
  name: 'chainId',
  in: 'query',
  required: true,
  description:
    'CAIP-2 id of one of the 12 swap-supported networks (SPEC §9) served here with a Uniswap V2 deployment; others are a 400 (unsupported_network, unknown_chain, swaps_unavailable)',
  schema: { type: 'string', examples: ['eip155:1'] },
}
const query = (name: string, description: string, required = true) => ({
  name,
  in: 'query',
  required,
  description,
  schema: { type: 'string' },
})
const token = (name: string, what: string) =>
  query(name, `${what}: CAIP-10 id or address; the native token is 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`)
const userAddress = (required: boolean, what: string) => query('userAddress', `EVM address ${what}`, required)

const object = (required: string[], properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  required,
  additionalProperties: false,
  properties,
})

const TX = object(['from', 'to', 'data', 'value'], {
  from: ADDRESS,
  to: ADDRESS,
  data: HEX,
  value: { ...UNITS, description: 'Wei sent with the call' },
  gas: { ...UNITS, description: 'Gas limit (estimate + 20 %); absent when the swap still waits for its approval' },
})

/** Swap contract. */
export const convertOpenApi: OpenApiFragment = {
  tag: { name: 'convert', description: 'Token swaps on the chain’s Uniswap V2 pools (slippage 1 %)' },
  schemas: {
    SwapToken: object(['name', 'symbol', 'address', 'decimals', 'logoUri', 'suggested'], {
      name: { type: 'string' },
      symbol: { type: 'string' },
      address: { type: 'string', pattern: '^eip155:[0-9]+:0x[0-9a-fA-F]{40}$', description: 'CAIP-10 id' },
      decimals: { type: 'integer', minimum: 0 },
      logoUri: { type: 'string' },
      suggested: { type: 'boolean', description: 'In the suggested list (quick picks)' },
    }),
    SwapQuote: object(['kind', 'fromAmount', 'toAmount', 'path', 'priceImpact', 'slippage', 'blockNumber'], {
      kind: { type: 'string', enum: ['exactIn', 'exactOut'] },
      fromAmount: UNITS,
      toAmount: UNITS,
      path: { type: 'array', items: ADDRESS, minItems: 2, description: 'Router path (WETH stands for ETH)' },
      priceImpact: { type: 'string', pattern: '^[0-9]+\\.[0-9]{2}$', description: 'Percent, LP fee excluded' },
      slippage: { type: 'number', description: 'Tolerance in percent (SPEC §9: 1)' },
      minimumReceived: { ...UNITS, description: 'exactIn: toAmount less the slippage' },
      maximumSold: { ...UNITS, description: 'exactOut: fromAmount plus the slippage' },
      blockNumber: UNITS,
      balance: { ...UNITS, description: 'With userAddress: the balance of the token sold' },
      allowance: { oneOf: [UNITS, { type: 'null' }], description: 'With userAddress: router allowance (null: ETH)' },
      approvalRequired: { type: 'boolean', description: 'With userAddress: approve before the swap' },
      networkFee: object(['gas', 'gasPrice', 'fee', 'feeUsd'], {
        gas: { ...UNITS, description: 'Gas the approval (if required) and the swap use, simulated' },
        gasPrice: { ...UNITS, description: 'Standard fee per gas, wei' },
        fee: { ...UNITS, description: 'Wei' },
        feeUsd: { type: ['number', 'null'] },
      }),
    }),
    GasPrice: object(['standard', 'fast', 'instant'], { standard: UNITS, fast: UNITS, instant: UNITS }),
  },
  paths: {
    '/v1/convert/tokens': {
      get: {
        operationId: 'getSwapTokens',
        tags: ['convert'],
        summary: 'Tokens to swap on a network: suggested first, then popular, then the rest',
        parameters: [chainId],
        responses: {
          '200': jsonResponse('Tokens', object(['tokens'], { tokens: { type: 'array', items: ref('SwapToken') } })),
          ...errorResponses('400'),
        },
      },
    },
    '/v1/convert/quotes': {
      get: {
        operationId: 'getSwapQuote',
        tags: ['convert'],
        summary: 'A quote from the router (getAmountsOut / getAmountsIn) with price impact and the 1 % bound',
        parameters: [
          chainId,
          token('from', 'Token to sell'),
          token('to', 'Token to buy'),
          query('amount', 'Exact input, smallest units (or toAmount)', false),
          query('toAmount', 'Exact output, smallest units (or amount)', false),
          userAddress(
            false,
            'that would swap: adds balance, allowance and network fee; above-balance amounts are a 422',
          ),
        ],
        responses: {
          '200': jsonResponse('Quote', object(['quote'], { quote: ref('SwapQuote') })),
          '422': jsonResponse('no_liquidity or insufficient_balance', ref('ErrorBody')),
          ...errorResponses('400', '502'),
        },
      },
    },
    '/v1/convert/gas-price': {
      get: {
        operationId: 'getSwapGasPrice',
        tags: ['convert'],
        summary: 'Fee per gas (wei): next base fee plus the 25th/50th/90th percentile tips of the last 5 blocks',
        parameters: [chainId],
        responses: { '200': jsonResponse('Gas price', ref('GasPrice')), ...errorResponses('400', '502') },
      },
    },
    '/v1/convert/allowance': {
      get: {
        operationId: 'getSwapAllowance',
        tags: ['convert'],
        summary: 'How much of a token the router may spend for a user',
        parameters: [chainId, token('tokenAddress', 'Token'), userAddress(true, 'of the owner')],
        responses: {
          '200': jsonResponse(
            'Allowance',
            object(['allowance', 'spender'], { allowance: { oneOf: [UNITS, { type: 'null' }] }, spender: ADDRESS }),
          ),
          ...errorResponses('400', '502'),
        },
      },
    },
    '/v1/convert/build-approve': {
      get: {
        operationId: 'buildSwapApprove',
        tags: ['convert'],
        summary: 'The approve(router, amount) transaction to sign',
        parameters: [
          chainId,
          token('tokenAddress', 'Token'),
          userAddress(true, 'of the owner'),
          query('amount', 'Allowance to grant, smallest units'),
        ],
        responses: { '200': jsonResponse('Transaction', object(['tx'], { tx: TX })), ...errorResponses('400') },
      },
    },
    '/v1/convert/build-transaction': {
      post: {
        operationId: 'buildSwapTransaction',
        tags: ['convert'],
        summary:
          "The router swap to sign, bounded by the server's fresh quote and the 1 % slippage (409 if the price moved more)",
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: object(['chainId', 'userAddress', 'from', 'to', 'kind', 'fromAmount', 'toAmount'], {
                chainId: { type: 'string' },
                userAddress: { type: 'string' },
                from: { type: 'string' },
                to: { type: 'string' },
                kind: { type: 'string', enum: ['exactIn', 'exactOut'] },
                fromAmount: { ...UNITS, description: 'exactIn: the amount sold; exactOut: the price the visitor saw' },
                toAmount: { ...UNITS, description: 'exactOut: the amount bought; exactIn: the price the visitor saw' },
              }),
            },
          },
        },
        responses: {
          '200': jsonResponse(
            'Transaction',
            object(['tx', 'approvalRequired'], { tx: TX, approvalRequired: { type: 'boolean' } }),
          ),
          '409': jsonResponse('quote_expired: the price moved beyond the slippage', ref('ErrorBody')),
          '422': jsonResponse('no_liquidity or insufficient_balance', ref('ErrorBody')),
          ...errorResponses('400', '502'),
        },
      },
    },
  },
}
