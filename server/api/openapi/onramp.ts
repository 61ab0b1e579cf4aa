// OpenAPI fragment for the on-ramp routes.
import { errorResponses, jsonResponse, ref } from './common.js'
import type { OpenApiFragment } from './types.js'

const money = {
  type: 'object',
  required: ['amount', 'currency'],
  properties: { amount: { type: 'string' }, currency: { type: 'string' } },
}

/** On-ramp contract. */
export const onrampOpenApi: OpenApiFragment = {
  tag: { name: 'onramp', description: 'Buying crypto through on-ramp providers (SPEC §7)' },
  schemas: {
    OnRampQuote: {
      type: 'object',
      required: [
        'id',
        'serviceProvider',
        'purchaseAmount',
        'paymentAmount',
        'fee',
        'network',
        'paymentMethod',
        'expiresAt',
      ],
      additionalProperties: false,
      properties: {
        id: { type: 'string' },
        serviceProvider: { type: 'string' },
        purchaseAmount: money,
        paymentAmount: money,
        fee: {
          ...money,
          required: ['amount', 'currency', 'bps'],
          properties: { ...money.properties, bps: { type: 'integer' } },
        },
        network: { type: 'string' },
        paymentMethod: { type: 'string' },
        expiresAt: { type: 'string', format: 'date-time' },
      },
    },
    OnRampOrder: {
      type: 'object',
      required: ['externalCustomerId', 'status', 'quoteId', 'purchaseAmount', 'currency', 'network', 'walletAddress'],
      additionalProperties: false,
      properties: {
        externalCustomerId: { type: 'string' },
        status: { enum: ['pending', 'paid', 'completed', 'failed'] },
        quoteId: { type: 'string' },
        purchaseAmount: { type: 'string' },
        currency: { type: 'string' },
        network: { type: 'string' },
        walletAddress: { type: 'string' },
        transactionHash: { type: 'string' },
        reason: { type: 'string' },
      },
    },
    OnRampOptions: {
      type: 'object',
      required: ['providers', 'purchaseCurrencies', 'paymentCurrencies'],
      properties: {
        providers: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name', 'feeBps', 'namespaces', 'publicKey', 'url'],
            properties: {
              url: { type: 'string', format: 'uri' },
              feeBps: { type: 'integer', minimum: 100, maximum: 200 },
            },
          },
        },
        purchaseCurrencies: {
          type: 'array',
          items: { type: 'object', required: ['id', 'name', 'symbol', 'decimals', 'networks'] },
        },
        paymentCurrencies: { type: 'array', items: { type: 'object', required: ['id', 'payment_method_limits'] } },
      },
    },
  },
  paths: {
    '/v1/onramp/options': {
      get: {
        operationId: 'getOnRampOptions',
        tags: ['onramp'],
        summary: 'Providers (id, name, feeBps, namespaces, publicKey, checkout url), purchase and payment currencies',
        responses: { '200': jsonResponse('Options', ref('OnRampOptions')) },
      },
    },
    '/v1/onramp/quotes': {
      post: {
        operationId: 'getOnRampQuotes',
        tags: ['onramp'],
        summary: 'One quote per provider; purchaseAmount.amount is what the wallet receives',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['purchaseCurrency', 'paymentCurrency', 'amount', 'network', 'paymentMethod'],
                properties: {
                  purchaseCurrency: { type: 'string' },
                  paymentCurrency: { type: 'string' },
                  amount: { type: 'string', description: 'Fiat, at most two decimals' },
                  network: { type: 'string', description: 'CAIP-2 id' },
                  paymentMethod: { type: 'string', description: 'card or bank' },
                  providers: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          },
        },
        responses: {
          '200': jsonResponse('Quotes', {
            type: 'object',
            required: ['quotes'],
            properties: { quotes: { type: 'array', items: ref('OnRampQuote') } },
          }),
          ...errorResponses('400'),
        },
      },
    },
    '/v1/onramp/orders/{provider}/{quoteId}': {
      get: {
        operationId: 'getOnRampOrder',
        tags: ['onramp'],
        summary: "An order opened on the provider's page: pending, paid, completed (with transactionHash) or failed",
        parameters: [
          { name: 'provider', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'quoteId', in: 'path', required: true, schema: { type: 'string' } },
        ],
        responses: { '200': jsonResponse('Order', ref('OnRampOrder')), ...errorResponses('404') },
      },
    },
  },
}
