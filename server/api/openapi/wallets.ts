// OpenAPI fragment for the wallet registry endpoints.
import { errorResponses, jsonResponse, ref } from './common.js'
import type { OpenApiFragment } from './types.js'

const HEX64 = { type: 'string', pattern: '^[0-9a-f]{64}$' }
const idList = (description: string) => ({ in: 'query', required: false, description, schema: { type: 'string' } })
const WALLET_ID_PARAM = {
  name: 'id',
  in: 'path',
  required: true,
  description: '64 hex digits',
  schema: { type: 'string' },
}

/** Wallet registry contract. */
export const walletsOpenApi: OpenApiFragment = {
  tag: { name: 'wallets', description: 'Wallet registry (list, search, icons)' },
  schemas: {
    Wallet: {
      type: 'object',
      required: ['id', 'name', 'imageUrl', 'order', 'chains', 'source'],
      additionalProperties: false,
      properties: {
        id: HEX64,
        name: { type: 'string', minLength: 1 },
        rdns: { type: 'string' },
        homepage: { type: 'string', format: 'uri' },
        imageUrl: { type: 'string', format: 'uri' },
        order: { type: 'integer' },
        chains: {
          type: 'array',
          description: 'CAIP-2 ids; empty when the source does not publish them',
          items: { type: 'string', pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' },
        },
        mobileLink: { type: 'string', description: 'Native deep link, else the universal link' },
        universalLink: { type: 'string', format: 'uri' },
        desktopLink: { type: 'string' },
        webappLink: { type: 'string', format: 'uri' },
        appStore: { type: 'string', format: 'uri' },
        playStore: { type: 'string', format: 'uri' },
        chromeStore: { type: 'string', format: 'uri' },
        source: { type: 'string', description: 'Where the entry came from, e.g. npm:thirdweb@5.121.6' },
        injected: {
          type: 'array',
          items: {
            type: 'object',
            required: ['namespace', 'injectedId'],
            additionalProperties: false,
            properties: { namespace: { type: 'string' }, injectedId: { type: 'string' } },
          },
        },
      },
    },
    WalletPage: {
      type: 'object',
      required: ['count', 'data'],
      additionalProperties: false,
      properties: { count: { type: 'integer', minimum: 0 }, data: { type: 'array', items: ref('Wallet') } },
    },
  },
  paths: {
    '/v1/wallets': {
      get: {
        operationId: 'listWallets',
        tags: ['wallets'],
        summary: 'Paged wallet list; featured ids first in the given order, then by order and id',
        parameters: [
          { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, default: 1 } },
          {
            name: 'entries',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 100, default: 40 },
          },
          {
            name: 'search',
            in: 'query',
            required: false,
            description: 'Case-insensitive name substring',
            schema: { type: 'string', maxLength: 100 },
          },
          { name: 'include', ...idList('Comma-separated wallet ids; only these') },
          { name: 'exclude', ...idList('Comma-separated wallet ids to leave out') },
          { name: 'featured', ...idList('Comma-separated wallet ids listed first, in this order') },
          {
            name: 'platform',
            in: 'query',
            required: false,
            schema: { type: 'string', enum: ['mobile', 'desktop', 'web', 'injected'] },
          },
          {
            name: 'chains',
            in: 'query',
            required: false,
            description: 'Comma-separated CAIP-2 ids; wallets supporting any',
            schema: { type: 'string' },
          },
        ],
        responses: { '200': jsonResponse('One page of wallets', ref('WalletPage')), ...errorResponses('400') },
      },
    },
    '/v1/wallets/{id}': {
      get: {
        operationId: 'getWallet',
        tags: ['wallets'],
        parameters: [WALLET_ID_PARAM],
        responses: { '200': jsonResponse('The wallet', ref('Wallet')), ...errorResponses('400', '404') },
      },
    },
    '/v1/wallets/{id}/image': {
      get: {
        operationId: 'getWalletImage',
        tags: ['wallets'],
        summary: "The wallet's icon from the registry data (WebP, PNG, JPEG or SVG)",
        parameters: [WALLET_ID_PARAM],
        responses: {
          '200': {
            description: 'The icon',
            content: Object.fromEntries(
              ['image/webp', 'image/png', 'image/jpeg', 'image/svg+xml'].map((t) => [
                t,
                { schema: { type: 'string' } },
              ]),
            ),
          },
          ...errorResponses('400', '404'),
        },
      },
    },
  },
}
