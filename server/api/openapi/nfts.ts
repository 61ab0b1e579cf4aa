// OpenAPI fragment for the NFT endpoints.
import { EVM_ADDRESS_PARAM, chainIdParam } from './balances.js'
import { errorResponses, jsonResponse, ref } from './common.js'
import type { OpenApiFragment } from './types.js'

const TOKEN_PARAMS = [
  {
    name: 'chainId',
    in: 'path',
    required: true,
    description: 'CAIP-2 id of a configured chain',
    schema: { type: 'string' },
  },
  { name: 'contract', in: 'path', required: true, schema: { type: 'string', pattern: '^(0x)?[0-9a-fA-F]{40}$' } },
  { name: 'tokenId', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]{1,78}$' } },
]

/** NFT contract. */
export const nftsOpenApi: OpenApiFragment = {
  tag: { name: 'nfts', description: 'NFTs held (from the index), their metadata and images' },
  schemas: {
    Nft: {
      type: 'object',
      required: ['id', 'chainId', 'contract', 'tokenId', 'name', 'collection', 'imageUrl'],
      additionalProperties: false,
      properties: {
        id: { type: 'string', description: '<CAIP-2 chain>:<contract>:<token id>' },
        chainId: { type: 'string', pattern: '^eip155:[0-9]+$' },
        contract: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
        tokenId: { type: 'string', pattern: '^[0-9]+$' },
        name: { type: 'string' },
        collection: {
          type: 'object',
          required: ['name', 'symbol'],
          additionalProperties: false,
          properties: { name: { type: 'string' }, symbol: { type: 'string' } },
        },
        imageUrl: {
          type: 'string',
          description: 'The image on this server (404 when the token has none it can serve)',
        },
      },
    },
    NftList: {
      type: 'object',
      required: ['nfts'],
      additionalProperties: false,
      properties: { nfts: { type: 'array', items: ref('Nft') } },
    },
    NftMetadata: {
      type: 'object',
      required: ['image'],
      properties: {
        name: { type: 'string' },
        description: { type: 'string' },
        image: { type: ['string', 'null'], description: 'The image on this server; null when there is none' },
        attributes: {},
      },
    },
  },
  paths: {
    '/v1/nfts/{address}': {
      get: {
        operationId: 'getNfts',
        tags: ['nfts'],
        summary: 'ERC-721 tokens the address holds, newest arrival first; testnets answer an empty list',
        parameters: [EVM_ADDRESS_PARAM, chainIdParam('One configured chain; all configured chains when absent.')],
        responses: { '200': jsonResponse('NFTs', ref('NftList')), ...errorResponses('400') },
      },
    },
    '/v1/nfts/{chainId}/{contract}/{tokenId}/metadata': {
      get: {
        operationId: 'getNftMetadata',
        tags: ['nfts'],
        summary: "A token's metadata from its tokenURI (data: URLs only; other URLs are not fetched)",
        parameters: TOKEN_PARAMS,
        responses: { '200': jsonResponse('Metadata', ref('NftMetadata')), ...errorResponses('400', '404') },
      },
    },
    '/v1/nfts/{chainId}/{contract}/{tokenId}/image': {
      get: {
        operationId: 'getNftImage',
        tags: ['nfts'],
        summary: "A token's image, decoded from its on-chain metadata",
        parameters: TOKEN_PARAMS,
        responses: {
          '200': {
            description: 'The image',
            content: Object.fromEntries(
              ['image/svg+xml', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'].map((t) => [
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
