// OpenAPI fragment for the name service endpoints.
import { errorResponses, jsonResponse, ref } from './common.js'
import type { OpenApiFragment } from './types.js'

const NAME_PARAM = {
  name: 'name',
  in: 'path',
  required: true,
  description:
    'A label of at least 4 letters, digits or hyphens, with or without the server suffix (e.g. alice or alice.foyer.id)',
  schema: { type: 'string' },
}
const COIN_TYPE_PARAM = (description: string) => ({
  name: 'coinType',
  in: 'query',
  required: false,
  description: `ENSIP-11 coin type: 60 for Ethereum, 0x80000000 | chainId for other EVM chains. ${description}`,
  schema: { type: 'integer', minimum: 0 },
})
const DATE = { type: 'string', format: 'date-time' }

/** Name service contract. */
export const namesOpenApi: OpenApiFragment = {
  tag: { name: 'names', description: 'Name service: lookup, suggestions, reverse lookup and signed registration' },
  schemas: {
    NameRecord: {
      type: 'object',
      required: ['name', 'registered_at', 'updated_at', 'addresses', 'attributes'],
      additionalProperties: false,
      properties: {
        name: { type: 'string', description: 'Full name, lower-case, with suffix' },
        registered_at: DATE,
        updated_at: DATE,
        addresses: {
          type: 'object',
          description: 'Keyed by coin type (decimal string)',
          propertyNames: { pattern: '^[0-9]+$' },
          additionalProperties: {
            type: 'object',
            required: ['address', 'created'],
            additionalProperties: false,
            properties: { address: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' }, created: DATE },
          },
        },
        attributes: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
    NameSuggestions: {
      type: 'object',
      required: ['suggestions'],
      additionalProperties: false,
      properties: {
        suggestions: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'registered'],
            additionalProperties: false,
            properties: { name: { type: 'string' }, registered: { type: 'boolean' } },
          },
        },
      },
    },
    NameAddresses: {
      type: 'object',
      required: ['addresses'],
      additionalProperties: false,
      properties: {
        addresses: {
          type: 'array',
          items: {
            type: 'object',
            required: ['address'],
            additionalProperties: false,
            properties: { address: { type: 'string' } },
          },
        },
      },
    },
    NameRegistration: {
      type: 'object',
      required: ['coinType', 'address', 'signature', 'message'],
      properties: {
        coinType: { type: 'integer', description: 'ENSIP-11 coin type of the chain the address is for' },
        address: { type: 'string', description: 'The signer' },
        signature: {
          type: 'string',
          description:
            "personal_sign signature of `message` by `address`: an EOA, or a smart account on the coin type's chain (ERC-1271; ERC-6492 when not deployed yet)",
        },
        message: {
          type: 'string',
          description:
            'JSON {"name","attributes","coinType","timestamp"}: coinType equal to the body\'s; timestamp in seconds, at most 10 minutes from the server time, not older than the message that last wrote the name; each message is accepted once. Link attributes (avatar, url, …) must be http(s) URLs',
        },
      },
    },
  },
  paths: {
    '/v1/names': {
      post: {
        operationId: 'registerName',
        tags: ['names'],
        summary:
          'Register a name (201), or update it when the signer already holds it (200); held by another address, or a replayed message: 409',
        requestBody: { required: true, content: { 'application/json': { schema: ref('NameRegistration') } } },
        responses: {
          '200': jsonResponse('Updated record', ref('NameRecord')),
          '201': jsonResponse('Registered record', ref('NameRecord')),
          ...errorResponses('400', '403', '409', '502'),
        },
      },
    },
    '/v1/names/suggestions': {
      get: {
        operationId: 'suggestNames',
        tags: ['names'],
        summary: 'Up to 5 names: the wanted one first (registered or not), then available alternatives',
        parameters: [{ name: 'name', in: 'query', required: true, schema: { type: 'string' } }],
        responses: { '200': jsonResponse('Suggestions', ref('NameSuggestions')), ...errorResponses('400') },
      },
    },
    '/v1/names/reverse/{address}': {
      get: {
        operationId: 'reverseNames',
        tags: ['names'],
        summary: 'Names holding the address, most recently updated first',
        parameters: [
          { name: 'address', in: 'path', required: true, description: 'EVM address', schema: { type: 'string' } },
          COIN_TYPE_PARAM('Any coin type when absent.'),
        ],
        responses: {
          '200': jsonResponse('Name records', { type: 'array', items: ref('NameRecord') }),
          ...errorResponses('400'),
        },
      },
    },
    '/v1/names/{name}': {
      get: {
        operationId: 'getName',
        tags: ['names'],
        parameters: [NAME_PARAM],
        responses: { '200': jsonResponse('The record', ref('NameRecord')), ...errorResponses('400', '404') },
      },
    },
    '/v1/names/{name}/address': {
      get: {
        operationId: 'resolveName',
        tags: ['names'],
        summary: 'The address of a name for one coin type (empty list when it has none)',
        parameters: [NAME_PARAM, COIN_TYPE_PARAM('Default 60.')],
        responses: { '200': jsonResponse('Addresses', ref('NameAddresses')), ...errorResponses('400', '404') },
      },
    },
  },
}
