// OpenAPI fragment for GET /v1/identity/{address}.
import { EVM_ADDRESS_PARAM, chainIdParam } from './balances.js'
import { errorResponses, jsonResponse, ref } from './common.js'
import type { OpenApiFragment } from './types.js'

/** Identity contract. */
export const identityOpenApi: OpenApiFragment = {
  tag: { name: 'identity', description: 'Profile name and avatar of an address' },
  schemas: {
    Identity: {
      type: 'object',
      required: ['name', 'avatar'],
      additionalProperties: false,
      properties: {
        name: { type: ['string', 'null'], description: 'A registered name of the address, e.g. alice.foyer.id' },
        avatar: { type: ['string', 'null'], description: 'The name record\'s "avatar" attribute' },
      },
    },
  },
  paths: {
    '/v1/identity/{address}': {
      get: {
        operationId: 'getIdentity',
        tags: ['identity'],
        summary:
          "Name (for the chain's ENSIP-11 coin type, else any) and avatar; testnets and non-EVM chains answer nulls",
        parameters: [
          EVM_ADDRESS_PARAM,
          chainIdParam('Default eip155:1. Chain ids ≥ 2147483648 are a 400 "Invalid chainId".'),
        ],
        responses: { '200': jsonResponse('Identity', ref('Identity')), ...errorResponses('400') },
      },
    },
  },
}
