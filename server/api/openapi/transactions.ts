// OpenAPI fragment for GET /v1/transactions/{address}.
import { EVM_ADDRESS_PARAM, chainIdParam } from './balances.js'
import { errorResponses, jsonResponse, ref } from './common.js'
import type { OpenApiFragment } from './types.js'

const ADDRESS = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' }

/** Transaction history contract. */
export const transactionsOpenApi: OpenApiFragment = {
  tag: { name: 'transactions', description: 'Indexed transaction history' },
  schemas: {
    TransactionTransfer: {
      type: 'object',
      description: 'A fungible transfer (fungible_info) or an NFT transfer (nft_info)',
      required: ['direction', 'quantity', 'value', 'price'],
      additionalProperties: false,
      properties: {
        fungible_info: {
          type: 'object',
          required: ['name', 'symbol', 'icon', 'spam'],
          additionalProperties: false,
          properties: {
            name: { type: 'string' },
            symbol: { type: 'string' },
            icon: {
              type: 'object',
              required: ['url'],
              additionalProperties: false,
              properties: { url: { type: 'string' } },
            },
            spam: { type: 'boolean', description: 'Spam flag (deny list, or unsolicited + no price + no liquidity)' },
          },
        },
        nft_info: {
          type: 'object',
          required: ['name', 'collection', 'contract', 'tokenId', 'image', 'spam'],
          additionalProperties: false,
          properties: {
            name: { type: 'string' },
            collection: { type: 'string' },
            contract: ADDRESS,
            tokenId: { type: 'string', pattern: '^[0-9]+$' },
            image: {
              type: 'object',
              required: ['url'],
              additionalProperties: false,
              properties: { url: { type: 'string' } },
            },
            spam: { type: 'boolean', description: 'Spam flag (deny list)' },
          },
        },
        direction: { type: 'string', enum: ['in', 'out'] },
        quantity: {
          type: 'object',
          required: ['numeric', 'decimals'],
          additionalProperties: false,
          properties: {
            numeric: { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?$' },
            decimals: { type: 'integer', minimum: 0 },
          },
        },
        value: { type: ['string', 'null'], description: 'USD value at the current price; null when unknown' },
        price: { type: ['string', 'null'], description: 'USD price of one token; null when unknown' },
      },
    },
    TransactionApproval: {
      type: 'object',
      description: 'The allowance an approve transaction granted',
      required: ['fungible_info', 'contract', 'spender', 'quantity', 'unlimited'],
      additionalProperties: false,
      properties: {
        fungible_info: {
          type: 'object',
          required: ['name', 'symbol', 'icon'],
          additionalProperties: false,
          properties: {
            name: { type: 'string' },
            symbol: { type: 'string' },
            icon: {
              type: 'object',
              required: ['url'],
              additionalProperties: false,
              properties: { url: { type: 'string' } },
            },
          },
        },
        contract: ADDRESS,
        spender: ADDRESS,
        quantity: {
          type: 'object',
          required: ['numeric', 'decimals'],
          additionalProperties: false,
          properties: { numeric: { type: 'string' }, decimals: { type: 'integer' } },
        },
        unlimited: { type: 'boolean', description: 'The allowance is 2^255 or more' },
      },
    },
    Transaction: {
      type: 'object',
      required: ['id', 'metadata', 'transfers'],
      additionalProperties: false,
      properties: {
        id: { type: 'string', description: '<CAIP-2 chain>:<transaction hash>' },
        metadata: {
          type: 'object',
          required: ['minedAt', 'chain', 'hash', 'operationType', 'status', 'sentFrom', 'sentTo'],
          additionalProperties: false,
          properties: {
            minedAt: { type: 'string', format: 'date-time' },
            chain: { type: 'string', pattern: '^eip155:[0-9]+$' },
            hash: { type: 'string', pattern: '^0x[0-9a-f]{64}$' },
            operationType: {
              type: 'string',
              enum: ['send', 'receive', 'swap', 'approve', 'buy', 'mint', 'burn', 'deploy', 'execute'],
              description:
                "From the chain: swap = the sender gave one asset and got another in it; approve = it moved nothing but granted an ERC-20 allowance (its Approval log); buy = the on-ramp provider's payout wallet delivered tokens",
            },
            status: { type: 'string', enum: ['confirmed', 'failed'] },
            sentFrom: ADDRESS,
            sentTo: ADDRESS,
            approval: ref('TransactionApproval'),
          },
        },
        transfers: { type: 'array', items: ref('TransactionTransfer') },
      },
    },
    TransactionPage: {
      type: 'object',
      required: ['data', 'next'],
      additionalProperties: false,
      properties: {
        data: { type: 'array', items: ref('Transaction') },
        next: { type: ['string', 'null'], description: 'Opaque cursor of the next page; null on the last page' },
      },
    },
  },
  paths: {
    '/v1/transactions/{address}': {
      get: {
        operationId: 'getTransactions',
        tags: ['transactions'],
        summary: 'History newest first; transfers list only those the address sent or received',
        parameters: [
          EVM_ADDRESS_PARAM,
          chainIdParam(
            'One configured chain; all configured chains when absent. A well-known testnet that is not configured answers empty; other unknown chains are a 400.',
          ),
          {
            name: 'cursor',
            in: 'query',
            required: false,
            description: 'The `next` of the previous page',
            schema: { type: 'string' },
          },
          {
            name: 'limit',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
        ],
        responses: { '200': jsonResponse('One page of history', ref('TransactionPage')), ...errorResponses('400') },
      },
    },
  },
}
