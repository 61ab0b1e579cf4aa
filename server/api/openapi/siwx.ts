// OpenAPI fragment for Sign in with X: nonces, sessions (verify, list, revoke) and the token keys.
import { errorResponses, jsonResponse, ref } from './common.js'
import type { OpenApiFragment } from './types.js'

const PROJECT_QUERY = {
  name: 'projectId',
  in: 'query',
  required: true,
  description: '32 hex digits',
  schema: { type: 'string', pattern: '^[0-9a-fA-F]{32}$' },
}
const BEARER = {
  name: 'Authorization',
  in: 'header',
  required: true,
  description: '"Bearer <token>", the token POST /v1/siwx/sessions returned',
  schema: { type: 'string' },
}
const DATE = { type: 'string', format: 'date-time' }
const EMAIL_BODY = {
  type: 'object',
  required: ['email'],
  properties: { email: { type: 'string', maxLength: 254, description: 'An email address' } },
}

/** SIWX contract. */
export const siwxOpenApi: OpenApiFragment = {
  tag: { name: 'siwx', description: 'Sign in with X: nonces, verified sessions as JWTs, revocation, token keys' },
  schemas: {
    SiwxSession: {
      type: 'object',
      required: ['id', 'chainId', 'address', 'domain', 'createdAt', 'expiresAt', 'data', 'message', 'signature'],
      additionalProperties: false,
      properties: {
        id: { type: 'string', description: 'Session id, the token\'s "jti"' },
        chainId: { type: 'string', description: 'CAIP-2 chain id' },
        address: { type: 'string' },
        domain: { type: 'string' },
        createdAt: DATE,
        expiresAt: DATE,
        data: { type: 'object', description: 'The SIWX message fields (SPEC §3)' },
        message: { type: 'string', description: 'The text the wallet signed (EIP-4361 or CAIP-122)' },
        signature: { type: 'string' },
      },
    },
    SiwxSignIn: {
      type: 'object',
      required: ['message', 'signature'],
      properties: {
        data: {
          type: 'object',
          description: 'The fields the client asked the wallet to sign; they must match the text',
        },
        message: { type: 'string' },
        signature: { type: 'string', description: 'EVM 0x-hex, Solana base58, Bitcoin base64 (BIP-322 or BIP-137)' },
      },
    },
  },
  paths: {
    '/.well-known/jwks.json': {
      get: {
        operationId: 'getJwks',
        tags: ['siwx'],
        summary: 'Public keys of session tokens (ES256)',
        responses: {
          '200': jsonResponse('JWK set', {
            type: 'object',
            required: ['keys'],
            properties: { keys: { type: 'array', items: { type: 'object', required: ['kty', 'kid', 'alg'] } } },
          }),
        },
      },
    },
    '/v1/siwx/nonces': {
      post: {
        operationId: 'issueSiwxNonce',
        tags: ['siwx'],
        summary: 'A single-use nonce for a sign-in message, valid for siwxNonceTtlSeconds',
        parameters: [PROJECT_QUERY],
        responses: {
          '201': jsonResponse('The nonce', {
            type: 'object',
            required: ['nonce', 'expiresAt'],
            additionalProperties: false,
            properties: { nonce: { type: 'string', pattern: '^[A-Za-z0-9]{8,}$' }, expiresAt: DATE },
          }),
          ...errorResponses('400'),
        },
      },
    },
    '/v1/siwx/sessions': {
      post: {
        operationId: 'createSiwxSession',
        tags: ['siwx'],
        summary:
          'Verifies a signed message (signature, domain, chain, validity window, nonce) and stores the session; 401 with the reason when refused',
        parameters: [PROJECT_QUERY],
        requestBody: { required: true, content: { 'application/json': { schema: ref('SiwxSignIn') } } },
        responses: {
          '201': jsonResponse('Token and session', {
            type: 'object',
            required: ['token', 'session'],
            additionalProperties: false,
            properties: { token: { type: 'string', description: 'JWT (ES256)' }, session: ref('SiwxSession') },
          }),
          '401': jsonResponse('Refused, with the reason', ref('ErrorBody')),
          ...errorResponses('400'),
        },
      },
      get: {
        operationId: 'listSiwxSessions',
        tags: ['siwx'],
        summary: "The active sessions of the token's address in its project, newest first",
        parameters: [BEARER, { name: 'chainId', in: 'query', required: false, schema: { type: 'string' } }],
        responses: {
          '200': jsonResponse('Sessions', {
            type: 'object',
            required: ['sessions'],
            additionalProperties: false,
            properties: { sessions: { type: 'array', items: ref('SiwxSession') } },
          }),
          '401': jsonResponse('No valid token', ref('ErrorBody')),
        },
      },
    },
    '/v1/siwx/sessions/current': {
      get: {
        operationId: 'getCurrentSiwxSession',
        tags: ['siwx'],
        summary: "The token's own session while it is neither revoked nor expired (what a host backend checks)",
        parameters: [BEARER],
        responses: {
          '200': jsonResponse('The session', {
            type: 'object',
            required: ['session', 'email'],
            additionalProperties: false,
            properties: {
              session: ref('SiwxSession'),
              email: {
                type: ['string', 'null'],
                description: "The email the token's account confirmed (email capture), or null",
              },
            },
          }),
          '401': jsonResponse('No valid token, or the session was revoked or expired', ref('ErrorBody')),
        },
      },
    },
    '/v1/siwx/email/codes': {
      post: {
        operationId: 'sendSiwxEmailCode',
        tags: ['siwx'],
        summary:
          "Email capture: mails a 6-digit code to confirm `email` for the token's account (the embedded wallet's code rules: expiry, tries, resend cooldown, per-address and per-IP limits)",
        parameters: [BEARER],
        requestBody: { required: true, content: { 'application/json': { schema: EMAIL_BODY } } },
        responses: {
          '202': jsonResponse('Code sent', {
            type: 'object',
            required: ['email', 'resendAfterSeconds', 'expiresInSeconds'],
            additionalProperties: false,
            properties: {
              email: { type: 'string', description: 'The address, trimmed and lower-cased' },
              resendAfterSeconds: { type: 'integer' },
              expiresInSeconds: { type: 'integer' },
            },
          }),
          '401': jsonResponse('No valid token', ref('ErrorBody')),
          ...errorResponses('400', '429', '502', '503'),
        },
      },
    },
    '/v1/siwx/email': {
      post: {
        operationId: 'confirmSiwxEmail',
        tags: ['siwx'],
        summary: "Email capture: checks the mailed code and stores the email as the token's account's",
        parameters: [BEARER],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                ...EMAIL_BODY,
                required: ['email', 'code'],
                properties: { ...EMAIL_BODY.properties, code: { type: 'string', pattern: '^[0-9]{6}$' } },
              },
            },
          },
        },
        responses: {
          '200': jsonResponse('Confirmed and stored', {
            type: 'object',
            required: ['email', 'verifiedAt'],
            additionalProperties: false,
            properties: { email: { type: 'string' }, verifiedAt: DATE },
          }),
          '401': jsonResponse('No valid token', ref('ErrorBody')),
          ...errorResponses('400', '503'),
        },
      },
    },
    '/v1/siwx/sessions/{id}': {
      delete: {
        operationId: 'revokeSiwxSession',
        tags: ['siwx'],
        summary: "Revokes one of the token's account's sessions (its own included)",
        parameters: [BEARER, { name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': jsonResponse('Revoked', {
            type: 'object',
            required: ['revoked'],
            additionalProperties: false,
            properties: { revoked: { type: 'boolean' } },
          }),
          '401': jsonResponse('No valid token', ref('ErrorBody')),
          ...errorResponses('404'),
        },
      },
    },
  },
}
