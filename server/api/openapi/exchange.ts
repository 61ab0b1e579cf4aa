// OpenAPI fragment for the pay-with-exchange routes.
import { errorResponses, jsonResponse, ref } from './common.js'
import type { OpenApiFragment } from './types.js'

const str = { type: 'string' }
const idParam = (name: string) => ({ name, in: 'path', required: true, schema: str })

/** Pay-with-exchange contract. */
export const exchangeOpenApi: OpenApiFragment = {
  tag: { name: 'exchange', description: 'Paying a recipient from an exchange account (SPEC §2 pay with exchange)' },
  schemas: {
    ExchangePayment: {
      type: 'object',
      required: ['id', 'exchange', 'network', 'asset', 'amount', 'recipient', 'status'],
      additionalProperties: false,
      properties: {
        id: str,
        exchange: str,
        network: { type: 'string', description: 'CAIP-2 id' },
        asset: { type: 'string', description: "'native', a token address or a Solana mint" },
        amount: { type: 'string', description: "In the asset's units, a decimal string" },
        recipient: str,
        status: { enum: ['pending', 'paying', 'completed', 'failed'] },
        transactionHash: str,
        reason: str,
      },
    },
  },
  paths: {
    '/v1/exchanges': {
      get: {
        operationId: 'getExchanges',
        tags: ['exchange'],
        summary: 'The exchanges that can pay for the visitor',
        responses: {
          '200': jsonResponse('Exchanges', {
            type: 'object',
            required: ['exchanges'],
            properties: {
              exchanges: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'name', 'namespaces'],
                  properties: { id: str, name: str, namespaces: { type: 'array', items: str } },
                },
              },
            },
          }),
        },
      },
    },
    '/v1/exchanges/{id}/payments': {
      post: {
        operationId: 'createExchangePayment',
        tags: ['exchange'],
        summary: "Opens a payment; url is the exchange's page where the visitor logs in and confirms",
        parameters: [idParam('id')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['network', 'asset', 'amount', 'recipient'],
                properties: { network: str, asset: str, amount: str, recipient: str },
              },
            },
          },
        },
        responses: {
          '200': jsonResponse('Payment opened', {
            type: 'object',
            required: ['id', 'url'],
            properties: { id: str, url: { type: 'string', format: 'uri' } },
          }),
          ...errorResponses('400', '404'),
        },
      },
    },
    '/v1/exchanges/{id}/payments/{paymentId}': {
      get: {
        operationId: 'getExchangePayment',
        tags: ['exchange'],
        summary: 'A payment: pending, paying, completed (with transactionHash) or failed (with reason)',
        parameters: [idParam('id'), idParam('paymentId')],
        responses: { '200': jsonResponse('Payment', ref('ExchangePayment')), ...errorResponses('404') },
      },
    },
  },
}
